// `npm run bench:conversions`: concurrent server-to-server postbacks (POST /api/postback) of the real
// server, on PGlite and on PostgreSQL, where 20% repeat an earlier order id (retries, some of them
// racing the original). Prints conversions/s and verifies in the database that there is exactly one
// conversion and one commission per distinct order id, and that every 201 answered is stored.
import autocannon from 'autocannon';
import { openInspector } from './support/database';
import { envInt, machine, prepareBackends, profilingArgs, type PreparedBackend } from './support/env';
import { click, createTrackedLinks, pool, visitorIp } from './support/fixtures';
import { fmtInt, fmtMs, quantile, table, verdict } from './support/load';
import { startAppServer } from './support/server';

const CLICKS = envInt('BENCH_CLICKS', 2_000);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 50);
const DUPLICATE_SHARE = 0.2;

interface Postback {
  click_id: string;
  order_id: string;
  amount: string;
  currency: string;
  event: 'sale';
  secret: string;
}

interface Answer {
  postback: Postback;
  status: number;
  conversionId: string | null;
  duplicate: boolean | null;
  ms: number;
}

interface Check {
  target: string;
  pass: boolean;
}

/**
 * One postback per click with its own order id, and duplicates (a share of the total) of orders sent
 * earlier in the sequence — some long before, some just before, so a few arrive while the first is
 * still being recorded.
 */
function postbackSequence(clickIds: string[], secret: string, random = Math.random): Postback[] {
  const originals: Postback[] = clickIds.map((clickId, i) => ({
    click_id: clickId,
    order_id: `bench-order-${i + 1}`,
    amount: (10 + (i % 90) + 0.99).toFixed(2),
    currency: 'USD',
    event: 'sale',
    secret,
  }));
  const duplicates = Math.round((originals.length * DUPLICATE_SHARE) / (1 - DUPLICATE_SHARE));
  const slots = [...Array<boolean>(originals.length).fill(false), ...Array<boolean>(duplicates).fill(true)];
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [slots[i], slots[j]] = [slots[j]!, slots[i]!];
  }
  const sequence: Postback[] = [];
  let sent = 0;
  for (const isDuplicate of slots) {
    if (isDuplicate && sent > 0) sequence.push({ ...originals[Math.floor(random() * sent)]! });
    else sequence.push(originals[sent++]!);
  }
  while (sent < originals.length) sequence.push(originals[sent++]!);
  return sequence;
}

interface Timed {
  postback?: Postback;
  sentAt?: number;
}

async function firePostbacks(baseUrl: string, sequence: Postback[]) {
  const answers: Answer[] = [];
  let next = 0;
  const result = await autocannon({
    url: `${baseUrl}/api/postback`,
    method: 'POST',
    connections: Math.min(CONNECTIONS, sequence.length),
    amount: sequence.length,
    timeout: 30,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        // called right before each request is written (the context is fresh for every request)
        setupRequest: (request, context) => {
          const postback = sequence[next++ % sequence.length]!;
          Object.assign(context, { postback, sentAt: performance.now() } satisfies Timed);
          return { ...request, body: JSON.stringify(postback) };
        },
        onResponse: (status, body, context) => {
          const { postback, sentAt } = context as Timed;
          if (!postback || sentAt === undefined) return;
          let parsed: { conversion_id?: string; duplicate?: boolean } = {};
          try {
            parsed = JSON.parse(String(body)) as typeof parsed;
          } catch {
            // not JSON: counted as an error below by its status
          }
          answers.push({
            postback,
            status,
            conversionId: parsed.conversion_id ?? null,
            duplicate: parsed.duplicate ?? null,
            ms: performance.now() - sentAt,
          });
        },
      },
    ],
  });
  return { answers, durationS: result.duration, errors: result.errors, sent: result.requests.sent };
}

async function benchBackend(prepared: PreparedBackend): Promise<Check[]> {
  console.log(`\n=== ${prepared.name}: ${prepared.description} ===`);
  const server = await startAppServer({
    ...prepared.server,
    nodeArgs: profilingArgs(`conversions-${prepared.name}`),
  });
  try {
    const { links } = await createTrackedLinks(server.baseUrl, 1);
    const link = links[0]!;
    const clickIds = await pool(
      Array.from({ length: CLICKS }, (_, i) => i),
      20,
      (i) => click(server.baseUrl, link.code, visitorIp(i)),
    );
    const sequence = postbackSequence(clickIds, link.trackingSecret);
    const distinctOrders = new Set(sequence.map((p) => p.order_id)).size;
    const run = await firePostbacks(server.baseUrl, sequence);

    const created = run.answers.filter((a) => a.status === 201);
    const repeated = run.answers.filter((a) => a.status === 200);
    const other = run.answers.filter((a) => a.status !== 200 && a.status !== 201);
    const latencies = Float64Array.from(run.answers.map((a) => a.ms)).sort();
    console.log(
      `\n${fmtInt(sequence.length)} postbacks (${fmtInt(distinctOrders)} distinct order ids, ` +
        `${fmtInt(sequence.length - distinctOrders)} repeats), ${CONNECTIONS} connections, ${run.durationS.toFixed(1)} s`,
    );
    console.log(
      table([
        ['conversions/s', 'postbacks/s', '201', '200 (dup)', 'other', 'errors', 'p50', 'p99'],
        [
          fmtInt(created.length / run.durationS),
          fmtInt(run.answers.length / run.durationS),
          fmtInt(created.length),
          fmtInt(repeated.length),
          fmtInt(other.length),
          fmtInt(run.errors),
          fmtMs(quantile(latencies, 0.5)),
          fmtMs(quantile(latencies, 0.99)),
        ],
      ]),
    );
    if (other.length > 0) console.log(`  e.g. HTTP ${other[0]!.status} for ${other[0]!.postback.order_id}`);

    // PGlite is read after a clean stop (one process at a time); PostgreSQL while the server is up
    if (prepared.backend.kind === 'pglite') {
      const code = await server.stop();
      if (code !== 0) throw new Error(`server exited with ${code} on SIGTERM:\n${server.output()}`);
    }
    const db = await openInspector(prepared.backend);
    let stored: { commissions: number; conversions: number; createdFound: number };
    try {
      const ids = created.map((a) => a.conversionId).filter((id): id is string => id !== null);
      stored = {
        commissions: await db.count(
          'SELECT count(*) AS n FROM commissions WHERE campaign_id = $1 AND conversion_id IS NOT NULL',
          [link.campaignId],
        ),
        conversions: await db.count('SELECT count(*) AS n FROM conversions WHERE campaign_id = $1', [
          link.campaignId,
        ]),
        createdFound: await db.count(
          `SELECT count(*) AS n FROM conversions v JOIN commissions c ON c.conversion_id = v.id
           WHERE v.id = ANY($1::uuid[])`,
          [ids],
        ),
      };
    } finally {
      await db.close();
    }
    if (prepared.backend.kind === 'postgres') await server.stop();

    const firstByOrder = new Map(created.map((a) => [a.postback.order_id, a.conversionId]));
    const consistentRepeats = repeated.filter(
      (a) =>
        a.duplicate === true &&
        a.conversionId !== null &&
        firstByOrder.get(a.postback.order_id) === a.conversionId,
    ).length;
    console.log(
      `stored: ${fmtInt(stored.conversions)} conversions, ${fmtInt(stored.commissions)} commissions; ` +
        `${fmtInt(stored.createdFound)} of ${fmtInt(created.length)} answered 201 found with their commission`,
    );
    return [
      {
        target: `every postback answered 201 or 200 (${fmtInt(other.length)} other, ${fmtInt(run.errors)} errors)`,
        pass: other.length === 0 && run.errors === 0 && run.answers.length === sequence.length,
      },
      {
        target: `one 201 per distinct order id (${fmtInt(created.length)} for ${fmtInt(distinctOrders)}, ${fmtInt(firstByOrder.size)} orders)`,
        pass: created.length === distinctOrders && firstByOrder.size === distinctOrders,
      },
      {
        target: `commissions == distinct order ids (${fmtInt(stored.commissions)} == ${fmtInt(distinctOrders)}; conversions ${fmtInt(stored.conversions)})`,
        pass: stored.commissions === distinctOrders && stored.conversions === distinctOrders,
      },
      {
        target: `every 201's conversion is stored with its commission (${fmtInt(stored.createdFound)} of ${fmtInt(created.length)})`,
        pass: stored.createdFound === created.length,
      },
      {
        target: `every repeat answered 200 duplicate with the first conversion_id (${fmtInt(consistentRepeats)} of ${fmtInt(repeated.length)})`,
        pass: consistentRepeats === repeated.length && repeated.length === sequence.length - distinctOrders,
      },
    ];
  } catch (err) {
    await server.kill();
    return [{ target: `run completed (${err instanceof Error ? err.message : String(err)})`, pass: false }];
  }
}

async function main(): Promise<void> {
  console.log(`Conversions bench on ${machine()}`);
  const { backends, skipped } = await prepareBackends();
  const results: { name: string; checks: Check[] }[] = [];
  try {
    for (const prepared of backends)
      results.push({ name: prepared.name, checks: await benchBackend(prepared) });
  } finally {
    for (const prepared of backends) await prepared.dispose();
  }
  console.log('\n=== Checks ===');
  for (const { name, checks } of results)
    for (const c of checks) console.log(`${verdict(c.pass)}  ${name}: ${c.target}`);
  for (const line of skipped) console.log(line);
  if (results.some((r) => r.checks.some((c) => !c.pass))) process.exitCode = 1;
}

await main();
