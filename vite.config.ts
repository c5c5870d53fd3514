import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineThemeCss } from './scripts/vite-mantine-theme-css';
import { startScriptPlugin } from './scripts/vite-start-script';
import { localeCatalogs } from './scripts/vite-locales';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

type ModuleInfoOf = (id: string) => { code: string | null; importedIds: readonly string[] } | null;

/** Packages whose entry only re-exports their modules: a module importing one uses just what it names. */
const BARREL = /\/node_modules\/(@mantine\/[a-z]+)\/esm\/index\.mjs$/;

/** Exported name → module id of a barrel (its `import { a as b } from "./x.mjs"` lines and one `export {…}`). */
function barrelExports(id: string, code: string, importedIds: readonly string[]): Map<string, string> {
  // A package re-exported by name (e.g. react-remove-scroll) is found among the barrel's resolved imports.
  const resolve = (source: string) =>
    source.startsWith('.')
      ? path.resolve(path.dirname(id), source)
      : (importedIds.find((dep) => dep.includes(`/node_modules/${source}/`)) ?? source);
  const sourceOf = new Map<string, string>();
  for (const [, names, source] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    for (const name of names!.split(',')) {
      const local = name
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (local) sourceOf.set(local, resolve(source!));
    }
  }
  const exports = new Map<string, string>();
  for (const [, names] of code.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const name of names!.split(',')) {
      const [local, exported = local] = name.trim().split(/\s+as\s+/);
      const source = local && sourceOf.get(local);
      if (source && exported) exports.set(exported, source);
    }
  }
  return exports;
}

/** The names `code` imports (or re-exports) from package `pkg`; null when it takes the whole namespace. */
function namesImported(code: string, pkg: string): string[] | null {
  const names: string[] = [];
  // `import {…} from 'pkg'` and `export {…} from 'pkg'` (a re-export imports the names too).
  const from = new RegExp(
    `(?:import|export)\\s+(type\\s+)?([^;]*?)\\s*from\\s*['"]${pkg.replace('/', '\\/')}['"]`,
    'g',
  );
  for (const [, typeOnly, clause] of code.matchAll(from)) {
    if (typeOnly) continue;
    const braces = /^\{([^}]*)\}$/.exec(clause!.trim());
    if (!braces) return null;
    for (const name of braces[1]!.split(',')) {
      const imported = name
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (imported && !name.trim().startsWith('type ')) names.push(imported);
    }
  }
  return names;
}

/** Absolute ids of source files. */
const sources = (...files: string[]) => files.map((file) => path.resolve(import.meta.dirname, file));

/**
 * Modules loaded lazily on every page, signed in or not (the toast container, the PWA update prompt),
 * and those a signed-in start needs (the shell and the dashboard).
 */
const EVERY_PAGE_ROOTS = sources('src/app/toast-container.ts', 'src/app/pwa/update-prompt.tsx');
const SIGNED_IN_ROOTS = sources('src/app/signed-in-shell.tsx', 'src/app/routes/app/dashboard.tsx');

/**
 * The static imports of `roots`, all the way down, following a Mantine barrel only into the components
 * actually named (not all 300 of them).
 */
const closures = new Map<readonly string[], Set<string>>();
function staticClosure(roots: readonly string[], getModuleInfo: ModuleInfoOf): Set<string> {
  const known = closures.get(roots);
  if (known) return known;
  const seen = new Set<string>();
  const barrels = new Map<string, Map<string, string>>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const info = getModuleInfo(id);
    if (!info) return;
    for (const dep of info.importedIds) {
      const barrel = BARREL.exec(dep);
      const names = barrel && info.code !== null ? namesImported(info.code, barrel[1]!) : null;
      if (!barrel || !names) {
        visit(dep);
        continue;
      }
      let exports = barrels.get(dep);
      if (!exports) {
        const barrelInfo = getModuleInfo(dep);
        exports = barrelExports(dep, barrelInfo?.code ?? '', barrelInfo?.importedIds ?? []);
        barrels.set(dep, exports);
      }
      for (const name of names) {
        const target = exports.get(name);
        if (target) visit(target);
      }
    }
  };
  roots.forEach(visit);
  closures.set(roots, seen);
  return seen;
}

export default defineConfig({
  resolve: {
    alias: [
      // Mantine's useId swaps React's id for a random one in a layout effect: a synchronous re-render of
      // every component using it right after it mounts (src/lib/mantine-use-id.ts).
      {
        find: /^\.\/use-id\/use-id\.mjs$/,
        replacement: path.resolve(import.meta.dirname, 'src/lib/mantine-use-id.ts'),
      },
    ],
  },
  // Module workers (src/features/currency/workers/): one file with the worker's own copy of what it imports.
  worker: { format: 'es' },
  plugins: [
    react(),
    mantineThemeCss('src/app/theme.ts'),
    localeCatalogs('src/locales'),
    startScriptPlugin(SIGNED_IN_ROOTS, 'src/app/start-shell.ts'),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // Registration lives in src/app/pwa/update-prompt.tsx (virtual:pwa-register/react).
      injectRegister: false,
      manifest: {
        name: 'Affilio',
        short_name: 'Affilio',
        description:
          'Affiliate marketplace for advertisers and publishers: campaigns, tracking and commissions.',
        id: '/',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#228be6',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,ico}'],
        // Half of the precache's bytes, needed only to score a new password, which cannot be sent offline:
        // a first visit does not download them in the background (the meter loads them when it shows).
        globIgnores: ['**/password-dictionaries-*.js'],
        // An IIFE worker registers as a classic script, which every browser accepts.
        rollupFormat: 'iife',
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first screen needs statically in one chunk beside the entry: one request
          // instead of ~35 small ones, and it compresses as a whole (about 10 KB less gzipped).
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 20 },
            // zxcvbn's word lists (~1.6 MB, 0.75 MB with brotli), loaded when a password field shows: one
            // chunk with a name of its own, which the service worker does not download in advance (globIgnores).
            {
              name: 'password-dictionaries',
              test: /node_modules[\\/]@zxcvbn-ts[\\/]language-/,
              priority: 30,
            },
            // Lazy chunks beyond the entry, each one request instead of dozens of small shared chunks on a
            // slow network: what every page loads after its first paint (toasts, update prompt), then
            // what a signed-in start needs besides (shell and dashboard; /login never loads it).
            {
              name: (id, ctx) =>
                staticClosure(EVERY_PAGE_ROOTS, (of) => ctx.getModuleInfo(of)).has(id) ? 'every-page' : null,
              includeDependenciesRecursively: false,
              priority: 15,
            },
            {
              name: (id, ctx) =>
                staticClosure(SIGNED_IN_ROOTS, (of) => ctx.getModuleInfo(of)).has(id) ? 'signed-in' : null,
              includeDependenciesRecursively: false,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      // '/t/' not '/t': a bare prefix would also proxy /tracking, /templates, ...
      '/t/': { target: apiTarget, changeOrigin: true },
    },
  },
});
