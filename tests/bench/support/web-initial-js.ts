// The JavaScript a first visit loads before any route: the entry chunk and its static imports, which
// index.html's start script loads (its `entry` list: scripts/vite-start-script.ts), or, in a build without
// it, index.html's module script and modulepreloads. Read from the build, sized gzipped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const INITIAL_JS_BUDGET_BYTES = 170 * 1024;

export interface InitialJsFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface InitialJs {
  entry: string;
  files: InitialJsFile[];
  bytes: number;
  gzipBytes: number;
  /** The render-blocking stylesheets, for information (not in the budget). */
  css: InitialJsFile[];
}

function sized(distDir: string, file: string): InitialJsFile {
  const data = readFileSync(path.join(distDir, file.replace(/^\//, '')));
  return { file, bytes: data.length, gzipBytes: gzipSync(data, { level: 9 }).length };
}

export function readInitialJs(distDir: string): InitialJs {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  // the start script's config, minified: entry:[`/assets/index-….js`,`/assets/…`]
  const started = /\bentry:\[([^\]]*)\]/.exec(html)?.[1]?.match(/\/[^`'"]+\.js/g) ?? [];
  const entry =
    started[0] ??
    tags
      .filter((tag) => tag.startsWith('<script') && attr(tag, 'type') === 'module')
      .map((tag) => attr(tag, 'src'))
      .find((src): src is string => Boolean(src));
  if (!entry) throw new Error(`no entry (start script or module script) in ${distDir}/index.html`);
  const preloads = started.length
    ? started.slice(1)
    : tags
        .filter((tag) => tag.startsWith('<link') && attr(tag, 'rel') === 'modulepreload')
        .map((tag) => attr(tag, 'href'))
        .filter((href): href is string => Boolean(href));
  const stylesheets = tags
    .filter((tag) => tag.startsWith('<link') && attr(tag, 'rel') === 'stylesheet')
    .map((tag) => attr(tag, 'href'))
    .filter((href): href is string => Boolean(href));
  const files = [entry, ...preloads].map((file) => sized(distDir, file));
  return {
    entry,
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    css: stylesheets.map((file) => sized(distDir, file)),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function printInitialJs(initial: InitialJs): boolean {
  const pass = initial.gzipBytes <= INITIAL_JS_BUDGET_BYTES;
  console.log(
    `Initial JS (entry ${initial.entry} + ${initial.files.length - 1} modulepreloads): ` +
      `${kb(initial.gzipBytes)} gzipped (${kb(initial.bytes)} raw), budget ${kb(INITIAL_JS_BUDGET_BYTES)}: ${pass ? 'PASS' : 'FAIL'}`,
  );
  const largest = [...initial.files].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5);
  console.log(`  largest: ${largest.map((f) => `${path.basename(f.file)} ${kb(f.gzipBytes)}`).join(', ')}`);
  for (const css of initial.css)
    console.log(
      `  stylesheet ${path.basename(css.file)}: ${kb(css.gzipBytes)} gzipped (${kb(css.bytes)} raw)`,
    );
  return pass;
}
