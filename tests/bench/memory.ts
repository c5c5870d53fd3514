// `npm run bench:memory`: resident memory of the idle server, once started, side by side: PGlite with the
// demo (what `npm start` gives a newcomer), PGlite without it, and PostgreSQL (a throwaway database on the
// server DATABASE_URL names; skipped without it). Each starts the built server (the esbuild bundle, as `npm start`) on a new data
// directory, waits until /api/health answers and then BENCH_IDLE_S seconds more, and reads VmRSS from
// /proc. The target (≤ 300 MB for PGlite with the demo) is printed, not asserted.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { envInt, machine } from './support/env';
import { throwawayPostgres } from './support/postgres';
import { ROOT, sleep, startAppServer, type AppServerOptions } from './support/server';

const IDLE_S = envInt('BENCH_IDLE_S', 10);
const TARGET_MB = 300;
/** the built PWA when there is one (`npm run build`): `npm start` serves it */
const STATIC_DIR = existsSync(path.join(ROOT, 'dist/index.html')) ? path.join(ROOT, 'dist') : 'none';

interface Measure {
  name: string;
  rssMb: number | null;
  note: string;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
  return kb / 1024;
}

async function idleRss(name: string, options: AppServerOptions): Promise<Measure> {
  const started = Date.now();
  const server = await startAppServer({ ...options, built: true, startupTimeoutMs: 600_000 });
  try {
    const startS = (Date.now() - started) / 1000;
    await sleep(IDLE_S * 1000);
    const mb = await rssMb(server.pid);
    return { name, rssMb: mb, note: `started in ${startS.toFixed(1)} s` };
  } finally {
    await server.stop();
  }
}

async function pglite(name: string, seed: 'demo' | 'none'): Promise<Measure> {
  const tmp = await mkdtemp(path.join(tmpdir(), 'affilio-bench-memory-'));
  try {
    // as `npm start` runs it: no NODE_ENV, the demo when asked
    return await idleRss(name, {
      dataDir: path.join(tmp, 'data'),
      env: { NODE_ENV: '', SEED: seed, STATIC_DIR },
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

async function postgres(): Promise<Measure> {
  if (!process.env.DATABASE_URL) {
    return { name: 'PostgreSQL', rssMb: null, note: 'skipped (DATABASE_URL not set)' };
  }
  const pg = await throwawayPostgres();
  if (!pg.ok) return { name: 'PostgreSQL', rssMb: null, note: `skipped (${pg.reason})` };
  try {
    const measure = await idleRss('PostgreSQL', {
      databaseUrl: pg.database.url,
      env: { SEED: 'none', STATIC_DIR },
    });
    return { ...measure, note: `${measure.note}; the server process only, not PostgreSQL's` };
  } finally {
    await pg.database.close();
  }
}

async function main(): Promise<void> {
  console.log(
    `Memory bench on ${machine()}: idle RSS ${IDLE_S} s after /api/health answers (STATIC_DIR=${STATIC_DIR})`,
  );
  const results = [
    await pglite('PGlite, demo', 'demo'),
    await pglite('PGlite, no demo', 'none'),
    await postgres(),
  ];
  console.log('');
  for (const r of results) {
    const figure = r.rssMb === null ? '     -' : `${r.rssMb.toFixed(0).padStart(6)} MB`;
    console.log(`${r.name.padEnd(18)} ${figure}  (${r.note})`);
  }
  const demo = results[0]!;
  if (demo.rssMb !== null) {
    const pass = demo.rssMb <= TARGET_MB;
    console.log(
      `\n${pass ? 'PASS' : 'MISS'}  PGlite with the demo idles at ≤ ${TARGET_MB} MB (${demo.rssMb.toFixed(0)} MB)`,
    );
  }
}

await main();
