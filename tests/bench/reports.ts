// `npm run bench:reports`: dashboards and reports over a large history, on PGlite and on PostgreSQL.
// BENCH_REPORT_50M=1: the 50,000,000-click line instead, PostgreSQL only, its clicks loaded with COPY from rows
// generated here with the rollup triggers off, the rollups then rebuilt from the raw tables by the project's
// rebuild code and checked (hours on the shared 2-core machine: opt-in; BENCH_REPORT_CLICKS still sets the count).
// Loads BENCH_REPORT_CLICKS clicks (default 10,000,000 on PostgreSQL, 1,000,000 on PGlite) with a tenth
// as many conversions and their commissions over 90 days, in bulk SQL (the rollup triggers aggregate each
// chunk), checks daily_stats and daily_totals against the raw tables, then times GET /api/analytics/dashboard and
// GET /api/reports over HTTP as the admin, one advertiser and one publisher, beside the same figures
// computed from the raw tables with direct SQL. Latency, not throughput: requests go one at a time.
// Targets are printed (PASS/FAIL), not asserted; the exit code is non-zero when the run broke or the
// rollup check failed.
import { buildLedgers, copyIn, openInspector, rebuildRollups, type Inspector } from './support/database';
import { envInt, machine, prepareBackends, reusedBackend, type PreparedBackend } from './support/env';
import { login } from './support/fixtures';
import { fmtInt, quantile, table, verdict } from './support/load';
import { createMarketplace, MARKETPLACE_PASSWORD, type Marketplace } from './support/marketplace';
import {
  addDays,
  checkRollups,
  dataWindow,
  daysIn,
  loadTraffic,
  rawGroupedQuery,
  runRaw,
  sumFigures,
  ZERO,
  type DayRange,
  type Figures,
  type RawGroup,
  type RawRow,
  type Scope,
} from './support/report-data';
import { BENCH_ADMIN, startAppServer, type AppServer } from './support/server';

const DAYS = 90;
const CLICKS_OVERRIDE = process.env.BENCH_REPORT_CLICKS ? envInt('BENCH_REPORT_CLICKS', 1) : undefined;
// 10,000,000 is the size the PostgreSQL figures are meant for, but on the 2-core machine it takes
// ~9 minutes to load (~18,000 clicks/s with their triggers, slowing as the indexes grow), too long for a
// bench that should finish in ~15 minutes: the default is half that, and the run says so
const FULL_POSTGRES_CLICKS = 10_000_000;
const COPY_50M = process.env.BENCH_REPORT_50M === '1';
const COPY_50M_CLICKS = 50_000_000;
const DEFAULT_CLICKS = { pglite: 1_000_000, postgres: 5_000_000 } as const;
const CHUNK = envInt('BENCH_REPORT_CHUNK', 500_000);
const REQUESTS = envInt('BENCH_REPORT_REQUESTS', 50);
const MIN_REQUESTS = Math.min(REQUESTS, 10);
const WARMUP_REQUESTS = 3;
// a slow line stops early (after MIN_REQUESTS) once its measured requests took this long
const LINE_BUDGET_MS = envInt('BENCH_REPORT_LINE_S', 15) * 1000;
const RAW_SAMPLES = envInt('BENCH_REPORT_RAW_SAMPLES', 3);
// raw queries: up to RAW_SAMPLES timed runs while the line is within this budget, after one untimed run
// when that was quick (a slow one is a scan of tables just vacuumed, so in the page cache: it counts)
const RAW_BUDGET_MS = envInt('BENCH_REPORT_RAW_S', 20) * 1000;
const RAW_WARMUP_UNDER_MS = 1_000;
const PUBLISHERS = envInt('BENCH_REPORT_PUBLISHERS', 200);
const ADVERTISERS = 3;
const CAMPAIGNS = 20;
const CAMPAIGNS_PER_PUBLISHER = 4;
const TARGET_P95_MS = 100;
// the server's first start runs every migration: on a busy 2-core machine (or niced) that can pass a minute
const STARTUP_MS = 180_000;
// Loading 10M clicks takes ~9 minutes on a quiet machine: BENCH_REPORT_KEEP=1 leaves the loaded PostgreSQL
// database (and a cluster the bench started) running and prints its URL; BENCH_REPORT_REUSE_URL=<that URL>
// then measures it again without the fixtures and the load, e.g. once the machine is quiet.
const KEEP = process.env.BENCH_REPORT_KEEP === '1';
const REUSE_URL = process.env.BENCH_REPORT_REUSE_URL;

interface Check {
  target: string;
  /** null: shown for information, no verdict */
  pass: boolean | null;
  /** a failed check that makes the run fail (a broken run, a wrong rollup) */
  fatal: boolean;
}

interface Timing {
  p50: number;
  p95: number;
  n: number;
}

function timing(samples: number[]): Timing {
  const sorted = Float64Array.from(samples).sort();
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), n: samples.length };
}

const ms = (n: number) => (n >= 100 ? `${n.toFixed(0)} ms` : `${n.toFixed(1)} ms`);
const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;

type QueryKind = 'dashboard' | 'dashboard-cached' | 'report-day' | 'report-publisher';
const QUERY_LABEL: Record<QueryKind, string> = {
  dashboard: 'dashboard, uncached',
  'dashboard-cached': 'dashboard, cached',
  'report-day': 'report group_by=day',
  'report-publisher': 'report group_by=publisher',
};

interface Measured {
  role: Scope['role'];
  kind: QueryKind;
  api: Timing | { unavailable: string };
  /** the answer for exactly the 90-day window, to compare with the raw tables */
  answer?: unknown;
  /** requests sent, warm-ups included */
  requests?: number;
  raw?: Timing;
}

/** Who is signed in for each role, and what scope their figures have. */
interface Viewer {
  scope: Scope;
  email: string;
  password: string;
  token?: string;
  /** share of all human clicks in scope, for the report */
  share?: number;
  /** daily_totals rows in scope over the 90 days: what an uncached dashboard or report sums */
  rollupRows?: number;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function timedGet(baseUrl: string, url: string, token: string): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const elapsed = performance.now() - started;
  if (res.status !== 200) throw new HttpError(res.status, `GET ${url}: ${res.status} ${text.slice(0, 300)}`);
  return { ms: elapsed, body: JSON.parse(text) as unknown };
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/**
 * Each uncached request asks for a range that starts `i` days earlier (i = 0…REQUESTS−1, warm-ups
 * beyond that): a new cache key every time, over the same 90 days of data (the days before hold none).
 */
function rangeFor(window: DayRange, i: number): DayRange {
  return { from: addDays(window.from, -i), to: window.to };
}

async function measureSeries(
  baseUrl: string,
  token: string,
  window: DayRange,
  path: (range: DayRange) => string,
  options: { sameRange?: boolean } = {},
): Promise<{ timing: Timing; answer: unknown; requests: number } | { unavailable: string }> {
  const samples: number[] = [];
  let answer: unknown;
  const order = [
    ...Array.from({ length: WARMUP_REQUESTS }, (_, k) => REQUESTS + k),
    ...Array.from({ length: REQUESTS }, (_, k) => k),
  ];
  let spent = 0;
  let requests = 0;
  for (const [n, i] of order.entries()) {
    if (samples.length >= MIN_REQUESTS && spent > LINE_BUDGET_MS) break;
    const range = options.sameRange ? window : rangeFor(window, i);
    try {
      const { ms: elapsed, body } = await timedGet(baseUrl, path(range), token);
      requests++;
      if (n >= WARMUP_REQUESTS) {
        samples.push(elapsed);
        spent += elapsed;
      }
      if (range.from === window.from && range.to === window.to) answer = body;
    } catch (err) {
      if (err instanceof HttpError && err.status === 404 && n === 0) return { unavailable: err.message };
      throw err;
    }
  }
  return { timing: timing(samples), answer, requests };
}

const dashboardPath = (r: DayRange) => `/api/analytics/dashboard?${query({ ...r, currency: 'USD' })}`;
const reportPath = (group: string) => (r: DayRange) =>
  `/api/reports?${query({ group_by: group, ...r, currency: 'USD' })}`;

async function cacheStats(
  baseUrl: string,
  adminToken: string,
): Promise<{ hits: number; misses: number } | null> {
  try {
    const { body } = await timedGet(baseUrl, '/api/performance/cache-stats', adminToken);
    const cache = (body as { caches: { name: string; hits: number; misses: number }[] }).caches.find(
      (c) => c.name === 'dashboard',
    );
    return cache ? { hits: cache.hits, misses: cache.misses } : null;
  } catch {
    return null;
  }
}

async function measureApi(server: AppServer, viewers: Viewer[], window: DayRange): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (const viewer of viewers) {
    const token = viewer.token!;
    const dashboard = await measureSeries(server.baseUrl, token, window, dashboardPath);
    const cached = await measureSeries(server.baseUrl, token, window, dashboardPath, { sameRange: true });
    const day = await measureSeries(server.baseUrl, token, window, reportPath('day'));
    const publisher = await measureSeries(server.baseUrl, token, window, reportPath('publisher'));
    const entry = (kind: QueryKind, m: typeof dashboard): Measured =>
      'unavailable' in m
        ? { role: viewer.scope.role, kind, api: m }
        : { role: viewer.scope.role, kind, api: m.timing, answer: m.answer, requests: m.requests };
    measured.push(
      entry('dashboard', dashboard),
      entry('dashboard-cached', cached),
      entry('report-day', day),
      entry('report-publisher', publisher),
    );
  }
  return measured;
}

/** The raw-table queries standing in for each API call, run RAW_SAMPLES times after one untimed run. */
function rawQueriesFor(
  kind: QueryKind,
  scope: Scope,
  window: DayRange,
): { sql: string; params: unknown[] }[] {
  if (kind === 'dashboard') {
    // the dashboard's KPIs, previous period and daily series come from one by-day pass over both
    // periods; its top 5 (campaigns; an advertiser's publishers) from a second
    const both = { from: addDays(window.from, -daysIn(window)), to: window.to };
    const top: RawGroup = scope.role === 'advertiser' ? 'publisher' : 'campaign';
    return [
      rawGroupedQuery('day', scope, both),
      rawGroupedQuery(top, scope, window, { orderByCommissionLimit: 5 }),
    ];
  }
  if (kind === 'report-day') return [rawGroupedQuery('day', scope, window)];
  if (kind === 'report-publisher') return [rawGroupedQuery('publisher', scope, window)];
  return [];
}

async function measureRaw(
  db: Inspector,
  measured: Measured[],
  viewers: Viewer[],
  window: DayRange,
): Promise<Map<Measured, RawRow[][]>> {
  const results = new Map<Measured, RawRow[][]>();
  for (const m of measured) {
    const scope = viewers.find((v) => v.scope.role === m.role)!.scope;
    const queries = rawQueriesFor(m.kind, scope, window);
    if (queries.length === 0) continue;
    const first: RawRow[][] = [];
    const firstStarted = performance.now();
    for (const q of queries) first.push(await runRaw(db, q));
    const firstMs = performance.now() - firstStarted;
    results.set(m, first);
    const samples: number[] = firstMs < RAW_WARMUP_UNDER_MS ? [] : [firstMs];
    let spent = samples[0] ?? 0;
    while (samples.length < RAW_SAMPLES && (samples.length === 0 || spent < RAW_BUDGET_MS)) {
      const started = performance.now();
      for (const q of queries) await runRaw(db, q);
      samples.push(performance.now() - started);
      spent += samples.at(-1)!;
    }
    m.raw = timing(samples);
  }
  return results;
}

const FIELDS = ['clicks', 'unique_clicks', 'conversions', 'revenue_minor', 'commission_minor'] as const;
const KPI_FIELDS = [...FIELDS, 'pending_minor', 'approved_minor', 'paid_minor'] as const;

/** Field-by-field differences between what the API answered and the raw tables, keyed by group. */
function differences(
  what: string,
  api: Map<string, Partial<Figures>>,
  raw: Map<string, Figures>,
  fields: readonly (keyof Figures)[] = FIELDS,
): string[] {
  const out: string[] = [];
  for (const key of new Set([...api.keys(), ...raw.keys()])) {
    const a = api.get(key) ?? ZERO;
    const r = raw.get(key) ?? ZERO;
    for (const f of fields) {
      if ((a[f] ?? 0) !== r[f]) out.push(`${what} ${key || '(total)'} ${f}: API ${a[f]} vs raw ${r[f]}`);
    }
  }
  return out;
}

const byKey = (rows: RawRow[]) => new Map(rows.map((r) => [r.key, r as Figures]));

interface DashboardAnswer {
  kpis: Figures;
  previous: Figures;
  series: (Partial<Figures> & { date: string })[];
  top: { id: string; commission_minor: number }[];
}
interface ReportAnswer {
  rows: (Partial<Figures> & { key: string })[];
  totals: Partial<Figures>;
}

/** Compares every answer captured for the exact window with the raw-table figures. */
function compareAnswers(measured: Measured[], raw: Map<Measured, RawRow[][]>, window: DayRange): string[] {
  const problems: string[] = [];
  const inWindow = (rows: RawRow[], range: DayRange) =>
    rows.filter((r) => r.key >= range.from && r.key <= range.to);
  for (const m of measured) {
    const rawRows = raw.get(m);
    if (!m.answer || !rawRows) continue;
    const who = `${m.role} ${QUERY_LABEL[m.kind]}:`;
    if (m.kind === 'dashboard') {
      const answer = m.answer as DashboardAnswer;
      const [days, top] = rawRows as [RawRow[], RawRow[]];
      const previous = { from: addDays(window.from, -daysIn(window)), to: addDays(window.from, -1) };
      problems.push(
        ...differences(
          `${who} kpis`,
          new Map([['', answer.kpis]]),
          new Map([['', sumFigures(inWindow(days, window))]]),
          KPI_FIELDS,
        ),
        ...differences(
          `${who} previous`,
          new Map([['', answer.previous]]),
          new Map([['', sumFigures(inWindow(days, previous))]]),
          KPI_FIELDS,
        ),
        ...differences(
          `${who} series`,
          new Map(answer.series.map((s) => [s.date, s])),
          byKey(inWindow(days, window)),
        ),
      );
      const apiTop = answer.top.map((t) => t.commission_minor).join(',');
      const rawTop = top.map((t) => t.commission_minor).join(',');
      if (apiTop !== rawTop) problems.push(`${who} top 5 commission_minor: API ${apiTop} vs raw ${rawTop}`);
    } else {
      const answer = m.answer as ReportAnswer;
      const [rows] = rawRows as [RawRow[]];
      problems.push(
        ...differences(`${who}`, new Map(answer.rows.map((r) => [r.key, r])), byKey(rows)),
        ...differences(`${who} totals`, new Map([['', answer.totals]]), new Map([['', sumFigures(rows)]])),
      );
    }
  }
  return problems;
}

function resultTable(measured: Measured[]): string {
  const rows = [['', 'n', 'API p50', 'API p95', 'n', 'raw SQL p50', 'raw SQL p95', 'speed-up (p50)']];
  for (const m of measured) {
    const label = `${m.role}: ${QUERY_LABEL[m.kind]}`;
    if ('unavailable' in m.api) {
      rows.push([label, '', 'n/a', 'n/a', '', '', '', '']);
      continue;
    }
    const raw = m.raw;
    rows.push([
      label,
      String(m.api.n),
      ms(m.api.p50),
      ms(m.api.p95),
      raw ? String(raw.n) : '',
      raw ? ms(raw.p50) : '—',
      raw ? ms(raw.p95) : '—',
      raw ? `${(raw.p50 / m.api.p50).toFixed(raw.p50 / m.api.p50 >= 10 ? 0 : 1)}×` : '—',
    ]);
  }
  return table(rows);
}

async function stopCleanly(server: AppServer): Promise<void> {
  const code = await server.stop();
  if (code !== 0) throw new Error(`server exited with ${code} on SIGTERM:\n${server.output()}`);
}

/** Fixtures over HTTP and the bulk traffic, then the rollup check (skipped when reusing a loaded database). */
async function loadBackend(
  prepared: PreparedBackend,
  clicks: number,
  window: DayRange,
  checks: Check[],
): Promise<void> {
  const kind = prepared.backend.kind;
  let server: AppServer | null = await startAppServer({ ...prepared.server, startupTimeoutMs: STARTUP_MS });
  try {
    // 1. people, campaigns, websites and tracking links over HTTP
    const started = performance.now();
    const market: Marketplace = await createMarketplace(server.baseUrl, {
      advertisers: ADVERTISERS,
      campaigns: CAMPAIGNS,
      publishers: PUBLISHERS,
      campaignsPerPublisher: CAMPAIGNS_PER_PUBLISHER,
    });
    console.log(
      `fixtures over HTTP: ${market.advertisers.length} advertisers, ${market.campaigns.length} campaigns, ` +
        `${market.publishers.length} publishers with a verified website each, ${fmtInt(market.links)} tracking links ` +
        `(${seconds(performance.now() - started)})`,
    );
    // PGlite has one user at a time: the bulk load and the raw queries run with the server stopped
    await stopCleanly(server);
    server = null;

    // 2. bulk traffic in SQL, then the rollup check
    console.log(
      `loading ${fmtInt(clicks)} clicks, ${fmtInt(clicks / 10)} conversions and their commissions over ` +
        `${window.from} … ${window.to} (${DAYS} days), ${fmtInt(Math.min(CHUNK, clicks))} clicks per statement`,
    );
    const db = await openInspector(prepared.backend);
    try {
      let nextReport = 0.1;
      const backend = prepared.backend;
      const loaded = await loadTraffic(db, {
        clicks,
        chunk: CHUNK,
        window,
        copy:
          COPY_50M && backend.kind === 'postgres'
            ? (sql, lines) => copyIn(backend.url, sql, lines)
            : undefined,
        rebuildRollups:
          COPY_50M && backend.kind === 'postgres'
            ? (from, to) => rebuildRollups(backend.url, from, to)
            : undefined,
        progress: (done, elapsed) => {
          if (done / clicks >= nextReport || done === clicks) {
            nextReport = Math.floor((done / clicks) * 10 + 1) / 10;
            console.log(
              `  ${fmtInt(done)} clicks in ${seconds(elapsed)} (${fmtInt((done / elapsed) * 1000)} clicks/s)`,
            );
          }
        },
      });
      const rows = loaded.clicks + loaded.conversions + loaded.commissions;
      if (kind === 'postgres' && clicks < FULL_POSTGRES_CLICKS && !COPY_50M) {
        const minutes = FULL_POSTGRES_CLICKS / ((loaded.clicks / loaded.loadMs) * 1000) / 60;
        console.log(
          `note: ${fmtInt(clicks)} clicks, not ${fmtInt(FULL_POSTGRES_CLICKS)}` +
            (CLICKS_OVERRIDE ? ' (BENCH_REPORT_CLICKS)' : '') +
            `: at this rate ${fmtInt(FULL_POSTGRES_CLICKS)} would take ~${minutes.toFixed(0)} min to load here or more ` +
            `(it slows as the indexes grow); BENCH_REPORT_CLICKS=${FULL_POSTGRES_CLICKS} BENCH_BACKENDS=postgres runs it`,
        );
      }
      console.log(
        `loaded ${fmtInt(loaded.clicks)} clicks, ${fmtInt(loaded.conversions)} conversions, ` +
          `${fmtInt(loaded.commissions)} commissions in ${seconds(loaded.loadMs)}: ` +
          `${fmtInt((rows / loaded.loadMs) * 1000)} rows/s (${fmtInt((loaded.clicks / loaded.loadMs) * 1000)} clicks/s ` +
          `with their conversions and commissions), ` +
          (COPY_50M ? `rollup triggers off, rollups rebuilt after; ` : 'rollup triggers included; ') +
          `VACUUM ANALYZE ${seconds(loaded.vacuumMs)}`,
      );
      const phase = loaded.phaseMs;
      console.log(
        `  of which clicks ${seconds(phase.clicks)}, conversions ${seconds(phase.conversions)}, ` +
          `commissions ${seconds(phase.commissions)}` +
          (COPY_50M ? `, rollup rebuild ${seconds(phase.rebuild)}` : ''),
      );
      console.log(
        `daily_stats: ${fmtInt(loaded.dailyStatsRows)} rows (${(loaded.clicks / loaded.dailyStatsRows).toFixed(1)} clicks per row; ` +
          `daily_totals (day × campaign × publisher × website, what dashboards and reports by time, campaign, ` +
          `publisher or website sum): ${fmtInt(loaded.dailyTotalsRows)} rows)`,
      );
      checks.push({
        target: `load: ${fmtInt(loaded.clicks)} clicks + conversions + commissions in ${seconds(loaded.loadMs)} (${fmtInt((rows / loaded.loadMs) * 1000)} rows/s)`,
        pass: null,
        fatal: false,
      });

      if (backend.kind === 'postgres') {
        const started = performance.now();
        const ledger = await buildLedgers(backend.url);
        const ms = performance.now() - started;
        console.log(
          `ledger: ${fmtInt(ledger.publishers)} publishers' chains built from their history in ${seconds(ms)} ` +
            `(${fmtInt(ledger.entries)} entries, ${fmtInt((ledger.entries / ms) * 1000)}/s), as a first start after ` +
            'an upgrade from before the ledger would before taking requests',
        );
      }

      for (const c of await checkRollups(db)) {
        checks.push({
          target: `rollup: ${c.name} (${fmtInt(c.rollup)} == ${fmtInt(c.raw)})`,
          pass: c.rollup === c.raw,
          fatal: true,
        });
      }
    } finally {
      await db.close();
    }
  } finally {
    if (server) await server.kill();
  }
}

async function benchBackend(prepared: PreparedBackend): Promise<Check[]> {
  const kind = prepared.backend.kind;
  const clicks = CLICKS_OVERRIDE ?? (COPY_50M ? COPY_50M_CLICKS : DEFAULT_CLICKS[kind]);
  const window = dataWindow(DAYS);
  console.log(`\n=== ${prepared.name}: ${prepared.description} ===`);
  const checks: Check[] = [];
  let server: AppServer | null = null;
  try {
    if (!REUSE_URL) await loadBackend(prepared, clicks, window, checks);
    else console.log('reusing the data loaded by an earlier run (BENCH_REPORT_REUSE_URL)');
    let db = await openInspector(prepared.backend);
    const viewers: Viewer[] = [];
    try {
      // the signed-in advertiser and publisher: the busiest of each (the heaviest scope of its kind)
      const total = await db.count('SELECT coalesce(sum(clicks), 0) AS n FROM daily_stats');
      const busiest = async (column: string) => {
        const [row] = await db.rows<{ id: string; n: string }>(
          `SELECT ${column} AS id, sum(clicks) AS n FROM daily_stats GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
        );
        return { id: row!.id, share: Number(row!.n) / total };
      };
      const advertiser = await busiest('advertiser_id');
      const publisher = await busiest('publisher_id');
      const email = async (id: string) =>
        (await db.rows<{ email: string }>('SELECT email FROM users WHERE id = $1', [id]))[0]!.email;
      viewers.push(
        { scope: { role: 'admin' }, email: BENCH_ADMIN.email, password: BENCH_ADMIN.password, share: 1 },
        {
          scope: { role: 'advertiser', id: advertiser.id },
          email: await email(advertiser.id),
          password: MARKETPLACE_PASSWORD,
          share: advertiser.share,
        },
        {
          scope: { role: 'publisher', id: publisher.id },
          email: await email(publisher.id),
          password: MARKETPLACE_PASSWORD,
          share: publisher.share,
        },
      );
      for (const v of viewers) {
        const scope = v.scope;
        v.rollupRows = await db.count(
          `SELECT count(*) AS n FROM daily_totals WHERE day BETWEEN $1 AND $2` +
            (scope.role === 'advertiser' ? ' AND advertiser_id = $3' : '') +
            (scope.role === 'publisher' ? ' AND publisher_id = $3' : ''),
          scope.role === 'admin' ? [window.from, window.to] : [window.from, window.to, scope.id],
        );
      }
    } finally {
      await db.close();
    }

    // 3. the API, one request at a time
    server = await startAppServer({ ...prepared.server, startupTimeoutMs: STARTUP_MS });
    for (const v of viewers) v.token = await login(server.baseUrl, v.email, v.password);
    const [admin, advertiser, publisher] = viewers as [Viewer, Viewer, Viewer];
    console.log(
      `\nsigned in as the admin (all traffic: ${fmtInt(admin.rollupRows ?? 0)} daily_totals rows in the 90 days), ` +
        `the busiest advertiser (${((advertiser.share ?? 0) * 100).toFixed(0)}% of clicks, ${fmtInt(advertiser.rollupRows ?? 0)} rows) ` +
        `and the busiest publisher (${((publisher.share ?? 0) * 100).toFixed(1)}%, ${fmtInt(publisher.rollupRows ?? 0)} rows); ` +
        `${REQUESTS} sequential requests per line after ${WARMUP_REQUESTS} warm-ups; uncached lines ask for ` +
        `${window.from} minus i days … ${window.to} (i = 0…${REQUESTS - 1}: the same 90 days of data, a new cache key each time)`,
    );
    const cacheBefore = await cacheStats(server.baseUrl, viewers[0]!.token!);
    let started = performance.now();
    const measured = await measureApi(server, viewers, window);
    const apiMs = performance.now() - started;
    const cacheAfter = await cacheStats(server.baseUrl, viewers[0]!.token!);
    await stopCleanly(server);
    server = null;

    // 4. the same figures from the raw tables, straight from the database (server stopped)
    started = performance.now();
    db = await openInspector(prepared.backend);
    let problems: string[];
    try {
      const raw = await measureRaw(db, measured, viewers, window);
      problems = compareAnswers(measured, raw, window);
    } finally {
      await db.close();
    }
    const rawMs = performance.now() - started;

    console.log(
      `\n90-day dashboards and reports: API over HTTP (sequential) vs the same aggregate on the raw tables ` +
        `(direct SQL, up to ${RAW_SAMPLES} runs); n = requests or runs measured`,
    );
    console.log(resultTable(measured));
    console.log(`(API requests ${seconds(apiMs)} in all, raw queries ${seconds(rawMs)})`);
    if (cacheBefore && cacheAfter) {
      const sent = (kind: QueryKind) =>
        measured.filter((m) => m.kind === kind).reduce((n, m) => n + (m.requests ?? 0), 0);
      console.log(
        `dashboard cache during the run: ${fmtInt(cacheAfter.misses - cacheBefore.misses)} misses, ` +
          `${fmtInt(cacheAfter.hits - cacheBefore.hits)} hits (expected ${sent('dashboard')} and ` +
          `${sent('dashboard-cached')}: every uncached request a miss, every cached one a hit)`,
      );
    }

    const unavailable = measured.filter((m) => 'unavailable' in m.api);
    for (const m of unavailable.filter((u, i) => unavailable.findIndex((x) => x.kind === u.kind) === i))
      console.log(`${QUERY_LABEL[m.kind]}: not measured (${(m.api as { unavailable: string }).unavailable})`);

    for (const m of measured) {
      if ('unavailable' in m.api || m.kind === 'dashboard-cached') continue;
      checks.push({
        target: `${m.role} ${QUERY_LABEL[m.kind]}: p95 ≤ ${TARGET_P95_MS} ms (got ${ms(m.api.p95)}, p50 ${ms(m.api.p50)})`,
        pass: kind === 'postgres' ? m.api.p95 <= TARGET_P95_MS : null,
        fatal: false,
      });
    }
    const compared = measured.filter((m) => m.answer && m.raw).length;
    checks.push({
      target:
        `API figures == raw tables for the exact 90-day window (${compared} answers compared` +
        (problems.length
          ? `; ${problems.length} differences, e.g. ${problems.slice(0, 3).join('; ')})`
          : ')'),
      pass: compared > 0 && problems.length === 0,
      fatal: false,
    });
  } catch (err) {
    checks.push({
      target: `run completed (${err instanceof Error ? err.message : String(err)})`,
      pass: false,
      fatal: true,
    });
    if (server) await server.kill();
  }
  return checks;
}

async function main(): Promise<void> {
  console.log(`Reports bench on ${machine()}`);
  if (COPY_50M) {
    // the 50M line is PostgreSQL's: PGlite would take hours more and is not what it is for
    process.env.BENCH_BACKENDS = 'postgres';
    console.log(
      `BENCH_REPORT_50M: PostgreSQL only, ${fmtInt(CLICKS_OVERRIDE ?? COPY_50M_CLICKS)} clicks loaded with COPY`,
    );
  }
  const { backends, skipped } = REUSE_URL
    ? { backends: [reusedBackend(REUSE_URL)], skipped: ['PGlite: skipped (BENCH_REPORT_REUSE_URL)'] }
    : await prepareBackends();
  const results: { name: string; checks: Check[] }[] = [];
  try {
    for (const prepared of backends)
      results.push({ name: prepared.name, checks: await benchBackend(prepared) });
  } finally {
    for (const prepared of backends) {
      if (KEEP && !REUSE_URL && prepared.backend.kind === 'postgres') {
        console.log(
          `\nkept the loaded database: BENCH_REPORT_REUSE_URL=${prepared.backend.url} measures it again`,
        );
      } else {
        await prepared.dispose();
      }
    }
  }
  console.log(`\n=== Targets (p95 ≤ ${TARGET_P95_MS} ms applies to PostgreSQL; PGlite shown as info) ===`);
  for (const { name, checks } of results)
    for (const c of checks)
      console.log(`${c.pass === null ? 'info' : verdict(c.pass)}  ${name}: ${c.target}`);
  for (const line of skipped) console.log(line);
  if (results.some((r) => r.checks.some((c) => c.fatal && !c.pass))) process.exitCode = 1;
}

await main();
