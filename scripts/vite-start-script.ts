// Vite plugin: the app's start, an inline script in index.html (src/app/start-shell.ts's startApp) instead of
// the module script and modulepreloads Vite writes there.
//
// It loads the entry itself: signed out at once; with a stored session also the signed-in chunks (the shell
// and the dashboard, and their stylesheets) beside it instead of after it ran, which were otherwise asked for
// only once the entry had downloaded and run (src/app/router.tsx, preloadSignedInStart); and a signed-in start
// on the dashboard first draws the start shell and lets the browser paint it. Inline and before the
// stylesheet, because a script file would be one more round trip before anything loads, and a script after
// the stylesheet would run only once that has loaded; the server allows it by its hash in the CSP
// (server/platform/inline-script-hashes.ts). It also emits the script of the worker a signed-in start runs
// (start-shell's warmIntl) as a file of its own, named by its hash.
import path from 'node:path';
import { minify, runnerImport, type Plugin, type Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const isChunk = (file: OutputBundle[string] | undefined): file is OutputChunk => file?.type === 'chunk';

/**
 * The JS files a chunk needs beyond those index.html already loads (the entry and its static imports), and
 * the stylesheets they import beyond the entry's.
 */
export function filesToPreload(
  bundle: OutputBundle,
  roots: string[],
): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter(isChunk);
  const loadedByHtml = new Set<string>();
  const addStatic = (fileName: string, into: Set<string>) => {
    if (into.has(fileName)) return;
    into.add(fileName);
    const chunk = bundle[fileName];
    if (isChunk(chunk)) chunk.imports.forEach((dep) => addStatic(dep, into));
  };
  chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => addStatic(chunk.fileName, loadedByHtml));
  const needed = new Set<string>();
  for (const chunk of chunks) {
    if (roots.some((root) => chunk.moduleIds.includes(root))) addStatic(chunk.fileName, needed);
  }
  const scripts = [...needed].filter((fileName) => !loadedByHtml.has(fileName));
  const cssOf = (fileName: string) => {
    const chunk = bundle[fileName];
    return isChunk(chunk) ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
  };
  const htmlCss = new Set([...loadedByHtml].flatMap(cssOf));
  const styles = [...new Set(scripts.flatMap(cssOf))].filter((fileName) => !htmlCss.has(fileName));
  return { scripts, styles };
}

/** What the start loads (src/app/start-shell.ts's StartFiles), typed here: that file is the browser's. */
interface StartFiles {
  entry: string[];
  signedIn: { scripts: string[]; styles: string[] };
  intlWorker: string;
}
interface StartModule {
  startConfig(files: StartFiles): unknown;
  startScript(config: unknown): string;
  intlWorkerScript(): string;
}

/** `code` minified (Vite's minifier), or the build's error. */
async function minified(name: string, code: string, fail: (message: string) => never): Promise<string> {
  const result = await minify(name, code);
  if (result.errors.length > 0 || /<\/script/i.test(result.code))
    fail(`start script: ${result.errors[0]?.message ?? result.code}`);
  return result.code.trim();
}

const MODULE_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/**
 * index.html without the entry's module script and modulepreloads Vite wrote, and their URLs (the entry
 * first), which the start script then loads.
 */
export function takeEntryTags(html: string): { html: string; entry: string[] } {
  const scripts = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (scripts.length !== 1) throw new Error(`start script: ${scripts.length} module scripts in index.html`);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  return {
    html: html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, ''),
    entry: [...scripts, ...preloads],
  };
}

/**
 * `roots`: absolute ids of the modules a signed-in start renders first (their chunks load beside the entry);
 * `startFile`: the module with the start script (src/app/start-shell.ts).
 */
export function startScriptPlugin(roots: string[], startFile: string): Plugin {
  let base = '/';
  let root = process.cwd();
  return {
    name: 'affilio:start-script',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    generateBundle: {
      // After vite:build-html has written index.html into the bundle.
      order: 'post',
      async handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const files = filesToPreload(bundle, roots.map(path.normalize));
        if (files.scripts.length === 0) this.error('start script: no chunk holds the signed-in start');
        const { module } = await runnerImport<StartModule>(path.resolve(root, startFile), {
          configFile: false,
        });
        const fail = (message: string): never => this.error(message);
        // The Intl warm-up worker the start runs (startApp): a file of its own, named by its hash.
        const intlWorker = this.emitFile({
          type: 'asset',
          name: 'warm-intl-worker.js',
          source: await minified('warm-intl-worker.js', module.intlWorkerScript(), fail),
        });
        const taken = takeEntryTags(String(html.source));
        const config = module.startConfig({
          entry: taken.entry,
          signedIn: {
            scripts: files.scripts.map((file) => base + file),
            styles: files.styles.map((file) => base + file),
          },
          intlWorker: base + this.getFileName(intlWorker),
        });
        const code = await minified('start.js', module.startScript(config), fail);
        // In <head> before the stylesheet: a script after it would wait for it to load before running,
        // and the entry would be asked for only then.
        const stylesheet = taken.html.indexOf('<link rel="stylesheet"');
        const at = stylesheet >= 0 ? stylesheet : taken.html.indexOf('</head>');
        html.source = `${taken.html.slice(0, at)}<script>${code}</script>\n    ${taken.html.slice(at)}`;
      },
    },
  };
}
