// Vite plugin: a signed-in start fetches the signed-in chunk beside the entry instead of after it.
//
// Without it the chunk (shell and dashboard) is asked for only once the entry has downloaded and run
// (src/app/router.tsx, preloadSignedInStart): two downloads one after the other on a slow phone. A tiny
// async script in index.html's <head> (a file: the CSP allows no inline script) adds `modulepreload` links
// for the chunk and the lazy chunks it imports when a session is stored, so it downloads in parallel with
// the entry; the router's import() then finds it loaded or loading. Their stylesheets are preloaded too:
// the import() waits for them, and asked for only once the chunk has run they were one more round trip
// before the first paint. Signed out, nothing more is fetched.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** src/lib/token-storage.ts's TOKEN_STORAGE_KEY (that file runs in the browser, not in this config). */
const TOKEN_STORAGE_KEY = 'access_token';

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

/**
 * The script: with a stored token, a modulepreload link per script and a style preload per stylesheet. A
 * style preload is CORS-mode like the stylesheet link Vite's import() helper then adds (`crossOrigin = ""`),
 * so that link takes the preloaded response instead of fetching it again.
 */
export function preloadScript(
  { scripts, styles }: { scripts: string[]; styles: string[] },
  base: string,
): string {
  const links = JSON.stringify([
    ...scripts.map((file) => ['modulepreload', base + file]),
    ...styles.map((file) => ['preload', base + file]),
  ]);
  return `try{if(localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)}))${links}.forEach(function(f){var l=document.createElement("link");l.rel=f[0];if(f[0]==="preload"){l.setAttribute("as","style");l.crossOrigin=""}l.href=f[1];document.head.appendChild(l)})}catch(e){}\n`;
}

/** `roots`: absolute ids of the modules a signed-in start renders first (their chunks are preloaded). */
export function signedInPreload(roots: string[]): Plugin {
  let base = '/';
  return {
    name: 'affilio:signed-in-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      // After vite:build-html has written index.html into the bundle.
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const files = filesToPreload(bundle, roots.map(path.normalize));
        if (files.scripts.length === 0) this.error('signed-in preload: no chunk holds the signed-in start');
        const source = preloadScript(files, base);
        const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
        const fileName = `assets/signed-in-preload-${hash}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        const tag = `    <script async src="${base}${fileName}"></script>\n  </head>`;
        html.source = String(html.source).replace('</head>', tag);
      },
    },
  };
}
