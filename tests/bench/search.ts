// `npm run bench:search`: global search (every scope) and the messages scope over BENCH_SEARCH_CAMPAIGNS
// (100,000) campaigns and BENCH_SEARCH_MESSAGES (1,000,000) messages, timed over HTTP per role with the
// search indexes (pg_trgm GIN on names and on known campaign and message words, full text on campaigns and
// on messages by member) and again after dropping them. The p95 target (≤ 50 ms) is judged on PostgreSQL; PGlite is shown as information, with
// BENCH_SEARCH_PGLITE_MESSAGES (100,000) messages: an embedded single-connection database is not where
// a million-message install lives, and without indexes each request there scans every message.
import { openInspector, type Inspector } from './support/database';
import { envInt, machine, prepareBackends, reusedBackend, type PreparedBackend } from './support/env';
import { api, login } from './support/fixtures';
import { fmtInt, table, verdict } from './support/load';
import { createMarketplace, MARKETPLACE_PASSWORD, marketplaceEmail } from './support/marketplace';
import { loadCampaigns, loadMessages } from './support/search-data';
import { BENCH_ADMIN, startAppServer, type AppServer } from './support/server';

const CAMPAIGNS = envInt('BENCH_SEARCH_CAMPAIGNS', 100_000);
const MESSAGES = envInt('BENCH_SEARCH_MESSAGES', 1_000_000);
const PGLITE_MESSAGES = envInt('BENCH_SEARCH_PGLITE_MESSAGES', 100_000);
const REQUESTS = envInt('BENCH_SEARCH_REQUESTS', 60);
/** without the indexes each request scans every campaign and message: fewer of them (one per query) */
const BARE_REQUESTS = envInt('BENCH_SEARCH_BARE_REQUESTS', 10);
const WARMUP = 5;
const TARGET_P95_MS = 50;
// Loading 1M messages takes minutes: BENCH_SEARCH_KEEP=1 leaves the loaded PostgreSQL database (and a
// cluster the bench started) running, its search indexes rebuilt after the run without them, and prints
// its URL; BENCH_SEARCH_REUSE_URL=<that URL> measures it again without the fixtures and the load (the
// server migrates it first, so a new search migration meets the same data). BENCH_SEARCH_BARE=0 skips
// the run without the indexes.
const KEEP = process.env.BENCH_SEARCH_KEEP === '1';
const REUSE_URL = process.env.BENCH_SEARCH_REUSE_URL;
const BARE = process.env.BENCH_SEARCH_BARE !== '0';

/** The search indexes of migrations 0011, 0014, 0017 and 0018; dropped for the bare run. */
const SEARCH_INDEXES = [
  'campaigns_name_trgm_idx',
  'campaigns_search_idx',
  'users_name_trgm_idx',
  'profiles_display_name_trgm_idx',
  'profiles_company_name_trgm_idx',
  'websites_name_trgm_idx',
  'websites_url_trgm_idx',
  'invoices_number_trgm_idx',
  'media_filename_trgm_idx',
  'messages_search_idx',
  'search_words_word_trgm_idx',
  'campaign_words_word_trgm_idx',
];

/** Misspelled and partial queries, as people type them. */
const QUERIES = [
  'Maraton Gear',
  'nordic hikng',
  'glacier jackts',
  'summit laptop',
  'coastal travl deals',
  'polar tents',
  'aurora skincare',
  'willow kitchn',
  'Canyon Bikes Pro',
  'lagoon',
];

interface Viewer {
  role: string;
  token: string;
}

interface Timing {
  p50: number;
  p95: number;
  /** results per answer (campaigns for global search, messages for the messages scope) */
  found: number;
}

type Endpoint = 'global' | 'messages';

async function measure(
  server: AppServer,
  viewer: Viewer,
  endpoint: Endpoint,
  requests: number,
): Promise<Timing> {
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < WARMUP + requests; i += 1) {
    const q = QUERIES[i % QUERIES.length]!;
    const started = performance.now();
    const body = await api<Record<string, unknown[]> | unknown[]>(
      server.baseUrl,
      'GET',
      `/api/search/${endpoint}?q=${encodeURIComponent(q)}`,
      { token: viewer.token },
    );
    if (i >= WARMUP) {
      times.push(performance.now() - started);
      found += Array.isArray(body) ? body.length : (body.campaigns?.length ?? 0);
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), found: found / requests };
}

/** The admin, the first advertiser and the first publisher of the marketplace, signed in. */
async function viewers(server: AppServer): Promise<Viewer[]> {
  return [
    { role: 'admin', token: await login(server.baseUrl, BENCH_ADMIN.email, BENCH_ADMIN.password) },
    {
      role: 'advertiser',
      token: await login(server.baseUrl, marketplaceEmail('advertiser', 0), MARKETPLACE_PASSWORD),
    },
    {
      role: 'publisher',
      token: await login(server.baseUrl, marketplaceEmail('publisher', 0), MARKETPLACE_PASSWORD),
    },
  ];
}

/** The marketplace over HTTP, then campaigns and messages between the viewers and the other advertisers. */
async function loadData(prepared: PreparedBackend, messages: number): Promise<string> {
  const server = await startAppServer(prepared.server);
  const market = await createMarketplace(server.baseUrl, {
    advertisers: 4,
    campaigns: 4,
    publishers: 1,
    campaignsPerPublisher: 1,
  }).finally(() => server.stop());
  // PGlite has one user at a time: the bulk load and the index drop run with the server stopped
  const db = await openInspector(prepared.backend);
  try {
    return await loadRows(db, market.advertisers, messages);
  } finally {
    await db.close();
  }
}

/** Campaigns, then messages; ANALYZE. */
async function loadRows(db: Inspector, advertisers: { id: string }[], messages: number): Promise<string> {
  let started = performance.now();
  await loadCampaigns(
    db,
    advertisers.map((a) => a.id),
    CAMPAIGNS,
  );
  const campaignsS = (performance.now() - started) / 1000;
  started = performance.now();
  const [admin] = await db.rows<{ id: string }>('SELECT id FROM users WHERE email = $1', [BENCH_ADMIN.email]);
  const [publisher] = await db.rows<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    marketplaceEmail('publisher', 0),
  ]);
  await loadMessages(
    db,
    {
      admin: admin!.id,
      advertiser: advertisers[0]!.id,
      publisher: publisher!.id,
      others: advertisers.slice(1).map((a) => a.id),
    },
    messages,
  );
  await db.rows('ANALYZE');
  const messagesS = (performance.now() - started) / 1000;
  return (
    `loaded ${fmtInt(CAMPAIGNS)} campaigns in ${campaignsS.toFixed(1)} s and ${fmtInt(messages)} messages in ` +
    `${messagesS.toFixed(1)} s (indexes included)`
  );
}

type Timings = Record<string, Record<Endpoint, Timing>>;

interface Result {
  name: string;
  rows: string[][];
  /** worst p95 per endpoint with the indexes */
  worst: Record<Endpoint, number>;
  judged: boolean;
  error?: string;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Whether the loaded PostgreSQL database outlives the run (BENCH_SEARCH_KEEP, BENCH_SEARCH_REUSE_URL). */
const keeps = (prepared: PreparedBackend) => prepared.backend.kind === 'postgres' && (KEEP || !!REUSE_URL);

/** Drops the search indexes and runs `work`; rebuilds them afterwards when the database is kept. */
async function withoutIndexes<T>(prepared: PreparedBackend, work: () => Promise<T>): Promise<T> {
  const names = SEARCH_INDEXES.map((n) => `'${n}'`).join(', ');
  let db = await openInspector(prepared.backend);
  let definitions: { indexdef: string }[];
  try {
    definitions = await db.rows(`SELECT indexdef FROM pg_indexes WHERE indexname IN (${names})`);
    for (const name of SEARCH_INDEXES) await db.rows(`DROP INDEX IF EXISTS ${name}`);
    await db.rows('ANALYZE');
  } finally {
    await db.close();
  }
  const result = await work();
  if (keeps(prepared)) {
    db = await openInspector(prepared.backend);
    try {
      for (const { indexdef } of definitions) await db.rows(indexdef);
      await db.rows('ANALYZE');
    } finally {
      await db.close();
    }
  }
  return result;
}

async function benchBackend(prepared: PreparedBackend): Promise<Result> {
  console.log(`\n=== ${prepared.name}: ${prepared.description} ===`);
  const messages = prepared.backend.kind === 'postgres' ? MESSAGES : PGLITE_MESSAGES;
  let server: AppServer | null = null;
  try {
    if (REUSE_URL) console.log('reusing the data loaded by an earlier run (BENCH_SEARCH_REUSE_URL)');
    else console.log(await loadData(prepared, messages));

    const run = async (label: string, requests: number): Promise<Timings> => {
      server = await startAppServer(prepared.server);
      const people = await viewers(server);
      const timings: Timings = {};
      for (const viewer of people) {
        const global = await measure(server, viewer, 'global', requests);
        const scoped = await measure(server, viewer, 'messages', requests);
        timings[viewer.role] = { global, messages: scoped };
        console.log(
          `  ${label}, ${viewer.role}: global p50 ${ms(global.p50)}, p95 ${ms(global.p95)}; ` +
            `messages p50 ${ms(scoped.p50)}, p95 ${ms(scoped.p95)} (n = ${requests} each)`,
        );
      }
      await server.stop();
      server = null;
      return timings;
    };
    const indexed = await run('with indexes', REQUESTS);
    const bare = BARE ? await withoutIndexes(prepared, () => run('without indexes', BARE_REQUESTS)) : null;

    const cell = (t: Timing | undefined) => (t ? `${ms(t.p50)} / ${ms(t.p95)}` : 'not run');
    const rows = Object.keys(indexed).flatMap((role) =>
      (['global', 'messages'] as const).map((endpoint) => {
        const withIdx = indexed[role]![endpoint];
        const without = bare?.[role]![endpoint];
        return [
          role,
          endpoint === 'global' ? 'global (all scopes)' : 'messages scope',
          cell(withIdx),
          cell(without),
          without ? `${(without.p95 / withIdx.p95).toFixed(1)}×` : '',
          withIdx.found.toFixed(1),
        ];
      }),
    );
    const worst = (endpoint: Endpoint) => Math.max(...Object.values(indexed).map((t) => t[endpoint].p95));
    return {
      name: prepared.name,
      rows,
      worst: { global: worst('global'), messages: worst('messages') },
      judged: prepared.backend.kind === 'postgres',
    };
  } catch (err) {
    if (server) await (server as AppServer).kill();
    return {
      name: prepared.name,
      rows: [],
      worst: { global: Infinity, messages: Infinity },
      judged: true,
      error: err instanceof Error ? err.message : String(err),
    };
  }
}

async function main(): Promise<void> {
  console.log(`Search bench on ${machine()}`);
  console.log(
    `GET /api/search/global (limit 10 per type, every scope) and /api/search/messages (limit 20, with ` +
      `X-Total-Count) over ${fmtInt(CAMPAIGNS)} campaigns and ${fmtInt(MESSAGES)} messages on PostgreSQL ` +
      `(${fmtInt(PGLITE_MESSAGES)} on PGlite); the publisher and the advertiser are members of 20% of the ` +
      `conversations, the admin of 10%, the rest are other people's. ${REQUESTS} sequential requests per ` +
      `role and endpoint after ${WARMUP} warm-ups, cycling ${QUERIES.length} misspelled queries; then ` +
      (BARE
        ? `${BARE_REQUESTS} each after DROP INDEX of the search indexes.`
        : 'no run without the indexes.'),
  );
  const { backends, skipped } = REUSE_URL
    ? { backends: [reusedBackend(REUSE_URL)], skipped: ['PGlite: skipped (BENCH_SEARCH_REUSE_URL)'] }
    : await prepareBackends();
  const results: Result[] = [];
  try {
    for (const prepared of backends) results.push(await benchBackend(prepared));
  } finally {
    for (const prepared of backends) {
      if (prepared.backend.kind === 'postgres' && keeps(prepared) && !REUSE_URL) {
        console.log(
          `\nkept the loaded database: BENCH_SEARCH_REUSE_URL=${prepared.backend.url} measures it again`,
        );
      } else {
        await prepared.dispose();
      }
    }
  }
  for (const r of results) {
    console.log(`\n${r.name}: p50 / p95`);
    if (r.error) console.log(`run failed: ${r.error}`);
    else
      console.log(
        table([
          ['role', 'endpoint', 'with indexes', 'without indexes', 'p95 ratio', 'results per answer'],
          ...r.rows,
        ]),
      );
  }
  console.log(`\n=== Targets (p95 ≤ ${TARGET_P95_MS} ms applies to PostgreSQL; PGlite shown as info) ===`);
  for (const r of results) {
    for (const endpoint of ['global', 'messages'] as const) {
      const label = endpoint === 'global' ? 'global search' : 'messages scope';
      const p95 = r.worst[endpoint];
      const status = r.judged ? verdict(p95 <= TARGET_P95_MS) : 'info';
      console.log(`${status}  ${r.name}: ${label} p95 ≤ ${TARGET_P95_MS} ms (worst role: ${ms(p95)})`);
    }
  }
  for (const line of skipped) console.log(line);
  if (results.some((r) => r.error)) process.exitCode = 1;
}

await main();
