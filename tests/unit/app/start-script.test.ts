import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { filesToPreload, takeEntryTags } from '../../../scripts/vite-start-script';

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

describe('start script plugin', () => {
  it('loads the signed-in chunks and their stylesheets, not what the entry already loads or other pages', () => {
    expect(filesToPreload(BUNDLE, [ROOT])).toEqual({
      scripts: ['assets/signed-in.js', 'assets/every-page.js'],
      styles: ['assets/signed-in.css', 'assets/toasts.css'],
    });
  });

  it("takes the entry's module script and modulepreloads out of index.html, entry first", () => {
    const html = [
      '<head>',
      '    <script type="module" crossorigin src="/assets/index.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/runtime.js">',
      '    <link rel="stylesheet" crossorigin href="/assets/index.css">',
      '</head>',
    ].join('\n');
    expect(takeEntryTags(html)).toEqual({
      html: '<head>\n    <link rel="stylesheet" crossorigin href="/assets/index.css">\n</head>',
      entry: ['/assets/index.js', '/assets/runtime.js'],
    });
  });

  it('refuses an index.html without exactly one module script (the start would load nothing, or not all)', () => {
    expect(() => takeEntryTags('<head></head>')).toThrow(/0 module scripts/);
  });
});
