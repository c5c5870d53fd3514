// `npm run bench:clicks`: the redirect path GET /t/{code} of the real server (its esbuild bundle, as
// `npm start` runs it), on PGlite and on PostgreSQL, against a bare node:http server answering 302 on the
// same machine. Load comes from wrk (C, its own process): as fast as the server answers for throughput, and
// paced (wrk-pacing.lua) for the fixed-rate latency runs, one before and one after the max-throughput runs.
// Prints req/s, server CPU per 1,000 redirects, latency and the server's memory, checks the targets (printed, not asserted) and that every redirected click was stored (asserted: the
// exit code is non-zero when clicks were lost or the run broke).
import { startBareServer, type BareServer } from './support/bare-server';
import { openInspector } from './support/database';
import {
  envInt,
  machine,
  postgresDatabaseOf,
  prepareBackends,
  profilingArgs,
  type PreparedBackend,
} from './support/env';
import { createTrackedLinks } from './support/fixtures';
import { databaseBackendsCpuMs } from './support/postback-load';
import {
  fmtInt,
  fmtMs,
  measureProcess,
  measureSteal,
  rssMb,
  table,
  verdict,
  waitForIdle,
  type ProcessUsage,
} from './support/load';
import { sleep, startAppServer } from './support/server';
import { requireWrk, runWrk, runWrkAtRate, type PacedWrkResult, type WrkResult } from './support/wrk';

const DURATION_S = envInt('BENCH_DURATION', 10);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 50);
const RATE = envInt('BENCH_RATE', 2_000);
// paced, idle connections cost nothing; 50 keep a stall of up to 25 ms from holding requests back (one
// that finds every connection busy goes out late, and the bench prints how many did)
const RATE_CONNECTIONS = envInt('BENCH_RATE_CONNECTIONS', 50);
const WARMUP_S = 3;
const TARGET_RATIO = 0.6;
const TARGET_P99_MS = 5;
/** the bare server must keep about one core busy, else the generator (or the machine) is the limit */
const SERVER_BOUND_CORES = 0.85;
const TARGET_IDLE_RSS_MB = 300;
const TARGET_LOAD_RSS_MB = 450;

interface Check {
  target: string;
  pass: boolean;
  /** a failed check that makes the run fail (lost clicks, errors), not just a missed target */
  fatal: boolean;
}

interface Measured {
  load: WrkResult;
  usage: ProcessUsage;
}

const HEADER = ['', 'req/s', 'CPU ms/1k', 'main ms/1k', 'cores', 'p50', 'p99', 'max', 'errors'];

/** CPU milliseconds per 1,000 answers of a run that answered `requests`. */
const perThousand = (ms: number, requests: number) => (ms / (requests / 1000)).toFixed(1);

function wrkRow(label: string, { load, usage }: Measured): string[] {
  return [
    label,
    fmtInt(load.reqPerSec),
    perThousand(usage.cpuMs, load.requests),
    perThousand(usage.mainCpuMs, load.requests),
    usage.cores.toFixed(2),
    fmtMs(load.p50),
    fmtMs(load.p99),
    fmtMs(load.max),
    fmtInt(load.badStatus + load.errors),
  ];
}

function rateRow(label: string, [r, steal]: [PacedWrkResult, number]): string[] {
  return [
    label,
    fmtInt(r.reqPerSec),
    fmtMs(r.p50),
    fmtMs(r.p90),
    fmtMs(r.p99),
    fmtMs(r.max),
    fmtInt(r.badStatus + r.errors),
    r.late === 0 ? '0' : `${fmtInt(r.late)} (≤ ${fmtMs(r.maxLateMs)})`,
    `${(steal * 100).toFixed(1)}%`,
  ];
}

const wrkOn = (pid: number, url: string, durationS: number): Promise<Measured> =>
  measureProcess(pid, () => runWrk({ url, connections: CONNECTIONS, durationS })).then(([load, usage]) => ({
    load,
    usage,
  }));

/** Waits for the server to be idle (the clicks a load left buffered written), saying so when it never is. */
async function settle(pid: number): Promise<void> {
  if ((await waitForIdle(pid)) === null) console.log('(the server did not become idle within 30 s)');
}

const fmtMb = (mb: number | null) => (mb === null ? '?' : `${Math.round(mb)} MB`);

async function benchBackend(prepared: PreparedBackend, bare: BareServer): Promise<Check[]> {
  console.log(`\n=== ${prepared.name}: ${prepared.description} ===`);
  const server = await startAppServer({
    ...prepared.server,
    built: true,
    nodeArgs: profilingArgs(`clicks-${prepared.name}`),
  });
  const checks: Check[] = [];
  const database = postgresDatabaseOf(prepared.backend);
  try {
    await sleep(2_000);
    const idleRss = rssMb(server.pid);
    const { links } = await createTrackedLinks(server.baseUrl, 2);
    const [throughputLink, rateLink] = links as [(typeof links)[0], (typeof links)[0]];
    const tracked = `${server.baseUrl}/t/${throughputLink.code}`;

    // warm-up: JIT, link cache, database connections; its clicks count like the others
    const warm = await wrkOn(server.pid, tracked, WARMUP_S);
    await wrkOn(bare.pid, bare.baseUrl, WARMUP_S);

    // the fixed rate first, on a settled server: the latency of a steady 2,000 req/s
    const amount = RATE * DURATION_S;
    const rateUrl = `${server.baseUrl}/t/${rateLink.code}`;
    const paced = (url: string) =>
      measureSteal(() => runWrkAtRate({ url, connections: RATE_CONNECTIONS, rate: RATE, amount }));
    await settle(server.pid);
    const [[rateTracked, rateSteal], rateUsage] = await measureProcess(server.pid, () => paced(rateUrl));
    const [rateBare, bareSteal] = await paced(bare.baseUrl);

    // bare, tracked, bare: the ratio is against the mean of the two bare runs (the machine drifts)
    const bareBefore = await wrkOn(bare.pid, bare.baseUrl, DURATION_S);
    const databaseBefore = database === null ? null : databaseBackendsCpuMs(database);
    const maxTracked = await wrkOn(server.pid, tracked, DURATION_S);
    // the clicks still buffered are written before the bare server's second run, which they would slow;
    // PostgreSQL's CPU for the run's writes is counted until then
    await settle(server.pid);
    const databaseAfter = database === null ? null : databaseBackendsCpuMs(database);
    const databaseCpuMs = databaseAfter === null ? null : databaseAfter - (databaseBefore ?? 0);
    const bareAfter = await wrkOn(bare.pid, bare.baseUrl, DURATION_S);
    const bareRate = (bareBefore.load.reqPerSec + bareAfter.load.reqPerSec) / 2;
    const bareCores = Math.min(bareBefore.usage.cores, bareAfter.usage.cores);
    const ratio = maxTracked.load.reqPerSec / bareRate;

    // the same rate again after the saturating runs (printed, not a target): the garbage a burst left
    // is collected during it
    await settle(server.pid);
    const [[rateAfterMax, afterSteal], rateAfterUsage] = await measureProcess(server.pid, () =>
      paced(rateUrl),
    );

    console.log(
      `\nfixed rate (wrk, paced): ${fmtInt(RATE)} req/s, ${fmtInt(amount)} requests, ${RATE_CONNECTIONS} connections`,
    );
    console.log(
      table([
        ['', 'req/s', 'p50', 'p90', 'p99', 'max', 'errors', 'sent late', 'steal'],
        rateRow('tracked /t/{code}', [rateTracked, rateSteal]),
        rateRow('bare 302', [rateBare, bareSteal]),
        rateRow('tracked, after max', [rateAfterMax, afterSteal]),
      ]),
    );
    console.log(
      'sent late = requests that found every connection waiting for an answer at their due time (their latency ' +
        'is counted from when they went out); steal = CPU time the hypervisor took from this machine meanwhile',
    );
    console.log(`\nmax throughput (wrk, 1 thread): ${DURATION_S} s, ${CONNECTIONS} connections`);
    console.log(
      table([
        HEADER,
        wrkRow('bare 302', bareBefore),
        wrkRow('tracked /t/{code}', maxTracked),
        wrkRow('bare 302 (again)', bareAfter),
      ]),
    );
    console.log(
      `ratio tracked/bare: ${ratio.toFixed(3)}; CPU ms/1k = server CPU (all threads) per 1,000 answers, ` +
        `main = its HTTP thread; cores = server CPU / wall time; wrk itself used ` +
        `${(maxTracked.load.generatorCpuMs / (DURATION_S * 1000)).toFixed(2)} cores on the tracked run`,
    );
    const perThousandTracked = (ms: number) => perThousand(ms, maxTracked.load.requests);
    console.log(
      database === null
        ? `database CPU per 1,000 tracked redirects: ${perThousandTracked(maxTracked.usage.cpuMs - maxTracked.usage.mainCpuMs)} ms ` +
            "(the server's threads other than HTTP during the run: the PGlite worker, and V8's helpers)"
        : `database CPU per 1,000 tracked redirects: ${databaseCpuMs === null ? '? (no backend found)' : `${perThousandTracked(databaseCpuMs)} ms`} ` +
            "(PostgreSQL's backends for the bench database, until the run's clicks were written)",
    );

    await sleep(1_000);
    const loadRss = Math.max(
      maxTracked.usage.peakRssMb,
      warm.usage.peakRssMb,
      rateUsage.peakRssMb,
      rateAfterUsage.peakRssMb,
    );
    const afterRss = rssMb(server.pid);
    console.log(
      `\nserver memory (VmRSS): ${fmtMb(idleRss)} idle after start, ${fmtMb(loadRss)} at most under load, ` +
        `${fmtMb(afterRss)} idle after it`,
    );

    // stored clicks: PostgreSQL is read while the server runs (the flush timer must have written them);
    // PGlite can only be opened once its server stopped (SIGTERM flushes what is buffered)
    let stored: { throughput: number; rate: number; bots: number };
    const countClicks = async () => {
      const db = await openInspector(prepared.backend);
      try {
        const byCode = (code: string) =>
          db.count(
            'SELECT count(*) AS n FROM clicks c JOIN tracking_links l ON l.id = c.link_id WHERE l.code = $1',
            [code],
          );
        return {
          throughput: await byCode(throughputLink.code),
          rate: await byCode(rateLink.code),
          bots: await db.count('SELECT count(*) AS n FROM clicks WHERE is_bot'),
        };
      } finally {
        await db.close();
      }
    };
    if (prepared.backend.kind === 'postgres') {
      await sleep(1_000);
      stored = await countClicks();
      const code = await server.stop();
      if (code !== 0) throw new Error(`server exited with ${code} on SIGTERM:\n${server.output()}`);
    } else {
      const code = await server.stop();
      if (code !== 0) throw new Error(`server exited with ${code} on SIGTERM:\n${server.output()}`);
      stored = await countClicks();
    }

    // wrk counts complete answers; when a run stops, each connection may have one request in flight,
    // which the server may have taken (a click stored) without wrk seeing its answer
    const wrkRuns = [warm, maxTracked];
    const answered = wrkRuns.reduce((n, r) => n + r.load.requests - r.load.badStatus, 0);
    const inFlight = wrkRuns.length * CONNECTIONS;
    console.log('\nclicks stored vs redirects answered (2xx/3xx):');
    console.log(
      `  wrk runs: ${fmtInt(stored.throughput)} stored, ${fmtInt(answered)} answered ` +
        `+ up to ${fmtInt(inFlight)} in flight when wrk stopped (stored or not)`,
    );
    const rateOk = rateTracked.ok + rateAfterMax.ok;
    console.log(`  fixed-rate runs: ${fmtInt(stored.rate)} stored, ${fmtInt(rateOk)} answered`);
    const trackedErrors =
      wrkRuns.reduce((n, r) => n + r.load.badStatus + r.load.errors, 0) +
      [rateTracked, rateAfterMax].reduce((n, r) => n + r.badStatus + r.errors, 0);

    checks.push(
      {
        target: `generator not the bottleneck: bare server busy ≥ ${SERVER_BOUND_CORES} cores (got ${bareCores.toFixed(2)})`,
        pass: bareCores >= SERVER_BOUND_CORES,
        fatal: false,
      },
      {
        target: `tracked/bare throughput ratio ≥ ${TARGET_RATIO} (got ${ratio.toFixed(3)}: ${fmtInt(maxTracked.load.reqPerSec)} / ${fmtInt(bareRate)} req/s)`,
        pass: ratio >= TARGET_RATIO,
        fatal: false,
      },
      {
        target: `p99 ≤ ${TARGET_P99_MS} ms at ${fmtInt(RATE)} req/s (got ${fmtMs(rateTracked.p99)}, bare ${fmtMs(rateBare.p99)}; right after the max-throughput runs ${fmtMs(rateAfterMax.p99)}, not a target)`,
        pass: rateTracked.p99 <= TARGET_P99_MS,
        fatal: false,
      },
      {
        target: `sustains ${fmtInt(RATE)} req/s (got ${fmtInt(rateTracked.reqPerSec)})`,
        pass: rateTracked.reqPerSec >= RATE * 0.95,
        fatal: false,
      },
      {
        target: `idle memory ≤ ${TARGET_IDLE_RSS_MB} MB (got ${fmtMb(idleRss)})`,
        pass: idleRss !== null && idleRss <= TARGET_IDLE_RSS_MB,
        fatal: false,
      },
      {
        target: `memory under load ≤ ${TARGET_LOAD_RSS_MB} MB (got ${fmtMb(loadRss)})`,
        pass: loadRss <= TARGET_LOAD_RSS_MB,
        fatal: false,
      },
      {
        target: `no clicks lost: stored == answered (${fmtInt(stored.rate)} == ${fmtInt(rateOk)}; ${fmtInt(stored.throughput)} within ${fmtInt(answered)}..${fmtInt(answered + inFlight)})`,
        pass:
          stored.rate === rateOk && stored.throughput >= answered && stored.throughput <= answered + inFlight,
        fatal: true,
      },
      {
        target: `every tracked request answered 302 (${fmtInt(trackedErrors)} errors)`,
        pass: trackedErrors === 0,
        fatal: true,
      },
      {
        target: `browser clicks not flagged as bots (${fmtInt(stored.bots)} flagged)`,
        pass: stored.bots === 0,
        fatal: true,
      },
    );
  } catch (err) {
    checks.push({
      target: `run completed (${err instanceof Error ? err.message : String(err)})`,
      pass: false,
      fatal: true,
    });
    await server.kill();
  }
  return checks;
}

async function main(): Promise<void> {
  const wrk = requireWrk('clicks');
  if (!wrk) return;
  console.log(`Clicks bench on ${machine()}, ${wrk}`);
  const { backends, skipped } = await prepareBackends();
  const bare = await startBareServer();
  const results: { name: string; checks: Check[] }[] = [];
  try {
    for (const prepared of backends)
      results.push({ name: prepared.name, checks: await benchBackend(prepared, bare) });
  } finally {
    await bare.stop();
    for (const prepared of backends) await prepared.dispose();
  }
  console.log('\n=== Targets ===');
  for (const { name, checks } of results)
    for (const c of checks) console.log(`${verdict(c.pass)}  ${name}: ${c.target}`);
  for (const line of skipped) console.log(line);
  if (results.some((r) => r.checks.some((c) => c.fatal && !c.pass))) process.exitCode = 1;
}

await main();
