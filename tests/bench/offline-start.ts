// `npm run bench:offline`: offline cold start. Starts the real server on a build (BENCH_DIST_DIR, default
// dist/) with the demo seed, signs in with Chromium, loads the dashboard, then reloads it with the network
// off and times navigation → first dashboard figure (a KPI card with a number), from the service worker's
// precache and the persisted query cache. The same reload online is the baseline. Target: ≤ 1.5 s.
// The measurement itself is support/offline-cold-start.ts (`npm run bench:web` prints it too).

export {};

// Before the server module loads: it reads E2E_DIST_DIR once (and ./support/env imports it too).
if (process.env.BENCH_DIST_DIR) process.env.E2E_DIST_DIR = process.env.BENCH_DIST_DIR;
const { startServer } = await import('../e2e/support/server');
const { envInt } = await import('./support/env');
const { measureOfflineColdStart } = await import('./support/offline-cold-start');

const server = await startServer();
try {
  await measureOfflineColdStart(server, envInt('BENCH_OFFLINE_RUNS', 5));
} finally {
  await server.stop();
}
