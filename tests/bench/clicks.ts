// `npm run bench:clicks`: the redirect path GET /t/{code} of the real server, on PGlite and on
// PostgreSQL, against a bare node:http server answering 302 on the same machine. Prints req/s and
// latency, checks the targets (printed, not asserted) and that every redirected click was stored
// (asserted: the exit code is non-zero when clicks were lost or the run broke).
import { startBareServer, type BareServer } from './support/bare-server';
import { openInspector } from './support/database';
import { envInt, machine, prepareBackends, profilingArgs, type PreparedBackend } from './support/env';
import { createTrackedLinks } from './support/fixtures';
import { drive, fmtInt, fmtMs, table, verdict, type LoadResult } from './support/load';
import { sleep, startAppServer } from './support/server';

const DURATION_S = envInt('BENCH_DURATION', 10);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 50);
const RATE = envInt('BENCH_RATE', 2_000);
// autocannon's overallRate hands each connection its per-second quota at the start of every second, which
// it then sends back to back: with 50 connections a 50-deep burst opens each second and its queueing
// (the same for the bare server) dominates p99. 10 connections keep that artefact small.
const RATE_CONNECTIONS = envInt('BENCH_RATE_CONNECTIONS', 10);
const WARMUP_S = 3;
const TARGET_RATIO = 0.6;
const TARGET_P99_MS = 5;

interface Check {
  target: string;
  pass: boolean;
  /** a failed check that makes the run fail (lost clicks, errors), not just a missed target */
  fatal: boolean;
}

function row(label: string, r: LoadResult): string[] {
  return [
    label,
    fmtInt(r.reqPerSec),
    fmtMs(r.p50),
    fmtMs(r.p90),
    fmtMs(r.p99),
    fmtMs(r.max),
    fmtInt(r.bad + r.errors),
  ];
}
const HEADER = ['', 'req/s', 'p50', 'p90', 'p99', 'max', 'errors'];

async function benchBackend(prepared: PreparedBackend, bare: BareServer): Promise<Check[]> {
  console.log(`\n=== ${prepared.name}: ${prepared.description} ===`);
  const server = await startAppServer({
    ...prepared.server,
    nodeArgs: profilingArgs(`clicks-${prepared.name}`),
  });
  const checks: Check[] = [];
  try {
    const { links } = await createTrackedLinks(server.baseUrl, 2);
    const [throughputLink, rateLink] = links as [(typeof links)[0], (typeof links)[0]];
    const tracked = (code: string) => `${server.baseUrl}/t/${code}`;

    // warm-up: JIT, link cache, database connections; its clicks count like the others
    const warm = await drive({
      url: tracked(throughputLink.code),
      connections: CONNECTIONS,
      durationS: WARMUP_S,
    });
    await drive({ url: bare.baseUrl, connections: CONNECTIONS, durationS: WARMUP_S });

    const maxTracked = await drive({
      url: tracked(throughputLink.code),
      connections: CONNECTIONS,
      durationS: DURATION_S,
    });
    const maxBare = await drive({ url: bare.baseUrl, connections: CONNECTIONS, durationS: DURATION_S });
    const ratio = maxTracked.reqPerSec / maxBare.reqPerSec;
    console.log(`\nmax throughput: ${DURATION_S} s, ${CONNECTIONS} connections`);
    console.log(table([HEADER, row('tracked /t/{code}', maxTracked), row('bare 302', maxBare)]));
    console.log(`ratio tracked/bare: ${ratio.toFixed(2)}`);

    const amount = RATE * DURATION_S;
    const rateTracked = await drive({
      url: tracked(rateLink.code),
      connections: RATE_CONNECTIONS,
      amount,
      overallRate: RATE,
    });
    const rateBare = await drive({
      url: bare.baseUrl,
      connections: RATE_CONNECTIONS,
      amount,
      overallRate: RATE,
    });
    console.log(
      `\nfixed rate: ${fmtInt(RATE)} req/s, ${fmtInt(amount)} requests, ${RATE_CONNECTIONS} connections`,
    );
    console.log(table([HEADER, row('tracked /t/{code}', rateTracked), row('bare 302', rateBare)]));

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

    const answered = warm.ok + maxTracked.ok;
    const inFlight = warm.unanswered + maxTracked.unanswered;
    console.log('\nclicks stored vs redirects answered (2xx/3xx):');
    console.log(
      `  duration runs: ${fmtInt(stored.throughput)} stored, ${fmtInt(answered)} answered` +
        (inFlight ? ` + ${fmtInt(inFlight)} in flight when the run stopped (stored or not)` : ''),
    );
    console.log(`  fixed-amount run: ${fmtInt(stored.rate)} stored, ${fmtInt(rateTracked.ok)} answered`);
    const trackedErrors = [warm, maxTracked, rateTracked].reduce((n, r) => n + r.bad + r.errors, 0);

    checks.push(
      {
        target: `tracked/bare throughput ratio ≥ ${TARGET_RATIO} (got ${ratio.toFixed(2)})`,
        pass: ratio >= TARGET_RATIO,
        fatal: false,
      },
      {
        target: `p99 ≤ ${TARGET_P99_MS} ms at ${fmtInt(RATE)} req/s (got ${fmtMs(rateTracked.p99)}, bare ${fmtMs(rateBare.p99)})`,
        pass: rateTracked.p99 <= TARGET_P99_MS,
        fatal: false,
      },
      {
        target: `sustains ${fmtInt(RATE)} req/s (got ${fmtInt(rateTracked.reqPerSec)})`,
        pass: rateTracked.reqPerSec >= RATE * 0.95,
        fatal: false,
      },
      {
        target: `no clicks lost: stored == answered (${fmtInt(stored.rate)} == ${fmtInt(rateTracked.ok)}; ${fmtInt(stored.throughput)} within ${fmtInt(answered)}..${fmtInt(answered + inFlight)})`,
        pass:
          stored.rate === rateTracked.ok &&
          stored.throughput >= answered &&
          stored.throughput <= answered + inFlight,
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
  console.log(`Clicks bench on ${machine()}`);
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
