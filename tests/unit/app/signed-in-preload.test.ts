import { afterEach, describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { filesToPreload, preloadScript } from '../../../scripts/vite-signed-in-preload';

type OutputBundle = Rolldown.OutputBundle;

const ROOT = '/app/src/app/signed-in-shell.tsx';

/** Only the fields the plugin reads: a chunk's file, entry flag, static imports, modules and stylesheets. */
function chunk(
  fileName: string,
  opts: { entry?: boolean; imports?: string[]; modules?: string[]; css?: string[] },
) {
  return {
    type: 'chunk',
    fileName,
    isEntry: opts.entry ?? false,
    imports: opts.imports ?? [],
    moduleIds: opts.modules ?? [],
    viteMetadata: { importedAssets: new Set(), importedCss: new Set(opts.css ?? []) },
  };
}

function bundleOf(...chunks: ReturnType<typeof chunk>[]): OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c])) as unknown as OutputBundle;
}

const BUNDLE = bundleOf(
  chunk('assets/index.js', { entry: true, imports: ['assets/runtime.js'], css: ['assets/index.css'] }),
  chunk('assets/runtime.js', {}),
  chunk('assets/signed-in.js', {
    imports: ['assets/every-page.js', 'assets/index.js'],
    modules: [ROOT],
    css: ['assets/signed-in.css', 'assets/index.css'],
  }),
  chunk('assets/every-page.js', { imports: ['assets/index.js'], css: ['assets/toasts.css'] }),
  chunk('assets/admin-page.js', { imports: ['assets/index.js'], css: ['assets/admin-page.css'] }),
);

/** Runs the generated script in this document, as the browser runs the file index.html loads. */
function runScript(source: string) {
  new Function(source)();
  return [...document.head.querySelectorAll('link')].map((link) => ({
    rel: link.rel,
    as: link.getAttribute('as'),
    crossOrigin: link.getAttribute('crossorigin'),
    href: link.getAttribute('href'),
  }));
}

afterEach(() => {
  document.head.innerHTML = '';
  localStorage.clear();
});

describe('signed-in preload (index.html script)', () => {
  it('preloads the signed-in chunks and their stylesheets, not what index.html already loads or other pages', () => {
    expect(filesToPreload(BUNDLE, [ROOT])).toEqual({
      scripts: ['assets/signed-in.js', 'assets/every-page.js'],
      styles: ['assets/signed-in.css', 'assets/toasts.css'],
    });
  });

  it('with a stored session, asks for scripts as module preloads and stylesheets in the CORS mode the import uses', () => {
    localStorage.setItem('access_token', 'token');
    const links = runScript(preloadScript(filesToPreload(BUNDLE, [ROOT]), '/'));
    expect(links).toEqual([
      { rel: 'modulepreload', as: null, crossOrigin: null, href: '/assets/signed-in.js' },
      { rel: 'modulepreload', as: null, crossOrigin: null, href: '/assets/every-page.js' },
      // Vite's import() helper then adds <link rel="stylesheet" crossorigin=""> for the same file: the same
      // mode, so it takes this response instead of downloading the file again.
      { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/signed-in.css' },
      { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/toasts.css' },
    ]);
  });

  it('signed out, fetches nothing more', () => {
    expect(runScript(preloadScript(filesToPreload(BUNDLE, [ROOT]), '/'))).toEqual([]);
  });
});
