// `npm run bench:web`: the front end's measured targets. Builds the app and server (`npm run build`;
// BENCH_WEB_SKIP_BUILD=1 reuses the build in BENCH_DIST_DIR, default dist/, and dist-server/), prints the
// initial JS (entry chunk + modulepreloads, gzipped) against its budget, starts the built server
// (`node dist-server/main.js`, demo seed, temporary data directory, free port) and runs Lighthouse 12 with
// mobile defaults on /login and on each role's dashboard signed in; then the offline cold start
// (support/offline-cold-start.ts, as `npm run bench:offline`). Targets are printed as PASS/FAIL, not
// asserted; the exit code is non-zero only when the run broke. Lighthouse reports (JSON) go to
// test-results/lighthouse/.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const skipBuild = process.env.BENCH_WEB_SKIP_BUILD === '1';
const distDir = path.resolve(ROOT, (skipBuild && process.env.BENCH_DIST_DIR) || 'dist');
// Before the server module loads: it reads E2E_DIST_DIR once.
process.env.E2E_DIST_DIR = distDir;

if (!skipBuild) {
  console.log('npm run build …');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`npm run build failed (${build.signal ?? `exit ${build.status}`})`);
}

const { startServer } = await import('../e2e/support/server');
const { ACCOUNTS, apiLogin } = await import('../e2e/support/app');
const { envInt, machine } = await import('./support/env');
const { printInitialJs, readInitialJs } = await import('./support/web-initial-js');
const { auditPage, printPageAudit } = await import('./support/web-lighthouse');
const { measureOfflineColdStart } = await import('./support/offline-cold-start');

console.log(`Web (${machine()}, ${path.relative(ROOT, distDir) || distDir}/)`);
printInitialJs(readInitialJs(distDir));

const server = await startServer({ built: true });
try {
  const reportDir = path.join(ROOT, 'test-results/lighthouse');
  console.log('Lighthouse 12, mobile defaults (simulated slow 4G, 4× CPU), targets 95 / 100 / 100:');
  const results = [await auditPage('login', `${server.baseUrl}/login`, { reportDir })];
  printPageAudit(results[0]!);
  for (const role of ['admin', 'advertiser', 'publisher'] as const) {
    const { email, password } = ACCOUNTS[role];
    const token = await apiLogin(server.baseUrl, email, password);
    const me = await fetch(`${server.baseUrl}/api/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!me.ok) throw new Error(`GET /api/auth/me as ${email}: ${me.status}`);
    const audit = await auditPage(`${role}-dashboard`, `${server.baseUrl}/dashboard`, {
      session: { token, user: await me.json() },
      reportDir,
    });
    results.push(audit);
    printPageAudit(audit);
  }
  const passed = results.filter(
    (r) => r.scores.performance >= 95 && r.scores.accessibility >= 100 && r.scores['best-practices'] >= 100,
  );
  console.log(`  pages meeting all three targets: ${passed.length} of ${results.length}`);

  await measureOfflineColdStart(server, envInt('BENCH_OFFLINE_RUNS', 5));
} finally {
  await server.stop();
}
