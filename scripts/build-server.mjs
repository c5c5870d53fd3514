// `npm run build:server`: bundles the API server into dist-server/ so `npm start` runs plain JavaScript on
// Node (no TypeScript transpiling at run time). Packages stay in node_modules (external); the PGlite worker
// is its own entry, next to main.js where server/db/pglite-worker-client.ts looks for it; the SQL migrations
// are copied beside them, where server/db/connection.ts finds them relative to the bundle.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const out = 'dist-server';
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ['server/main.ts', 'server/db/pglite-worker.ts'],
  outdir: out,
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('server/db/migrations', `${out}/migrations`, { recursive: true });
console.log(`server built into ${out}/`);
