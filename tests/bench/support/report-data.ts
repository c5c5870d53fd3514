import { createHash } from 'node:crypto';
import type { Inspector } from './database';

/** Inclusive UTC days, YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const daysIn = ({ from, to }: DayRange) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** `days` whole UTC days ending yesterday: the window the generated traffic fills. */
export function dataWindow(days: number, now = new Date()): DayRange {
  const to = addDays(now.toISOString().slice(0, 10), -1);
  return { from: addDays(to, 1 - days), to };
}

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
];
const SUB1 = ['home', 'sidebar', 'newsletter'];
// by popularity: the first few carry most of the traffic
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA', 'AU', 'NL', 'ES', 'IT', 'SE'];
const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(', ')}]`;
// each link's home market (an index into COUNTRIES), picked by link: the US for a quarter of the links,
// then the UK, Germany, …
const HOME_MARKET_LIST = [0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9];
const HOME_MARKETS = `ARRAY[${HOME_MARKET_LIST.join(', ')}]`;
const HOME_MARKET_COUNT = HOME_MARKET_LIST.length;

/** Share of clicks with a conversion (every tenth click: number 10j+3), each with one commission. */
export const CONVERSION_EVERY = 10;

export interface LoadPlan {
  clicks: number;
  /** clicks per INSERT statement (so per statement-level trigger run) */
  chunk: number;
  window: DayRange;
  /** called after each chunk with the clicks written so far */
  progress?: (clicks: number, elapsedMs: number) => void;
  /**
   * PostgreSQL: writes the clicks with COPY (`copy(sql, lines)` on a connection of its own) from rows generated
   * here, instead of INSERT … SELECT generate_series in the database; conversions and commissions as before
   */
  copy?: (sql: string, lines: Iterable<string>) => Promise<void>;
  /**
   * Bulk load: the rollup triggers of clicks, conversions and commissions are off while the rows are written
   * (every other trigger runs: key checks, order claims, campaign spend), then this recomputes the rollups of
   * the window's days from the raw tables with the project's own rebuild (`npm run rollups:rebuild`'s code).
   * Without it the triggers roll up each chunk as they do live traffic.
   */
  rebuildRollups?: (from: string, to: string) => Promise<{ dailyStats: number; linkDailyStats: number }>;
}

/**
 * The statement triggers that keep daily_stats and link_daily_stats (0008, 0032): what a bulk load turns off
 * and replaces by a rebuild. daily_stats' own triggers keep daily_totals during the rebuild, as they do live.
 */
const ROLLUP_TRIGGERS = [
  ['clicks', 'clicks_daily_stats'],
  ['conversions', 'conversions_daily_stats'],
  ['commissions', 'commissions_daily_stats_insert'],
] as const;

interface BenchLink {
  idx: number;
  link_id: string;
  campaign_id: string;
  publisher_id: string;
  website_id: string;
}

const COPY_CLICKS = `COPY clicks (id, link_id, campaign_id, publisher_id, website_id, ip_hash, user_agent, referrer,
  sub1, country, is_unique, is_bot, is_test, created_at) FROM STDIN`;

let ipHashes: string[] | null = null;

/**
 * Clicks first…last as COPY text lines, a few thousand per string: the rows the INSERT of loadTraffic makes
 * (same ids, links, flags, sub1, countries and times, the random parts drawn here), so the conversions and
 * commissions that follow find their clicks.
 */
function* clickCopyLines(
  first: number,
  last: number,
  links: BenchLink[],
  startMs: number,
  msPerClick: number,
): Iterable<string> {
  ipHashes ??= Array.from({ length: 400_000 }, (_, i) =>
    createHash('md5').update(String(i)).digest('hex').slice(0, 22),
  );
  // what a link fixes of its clicks, formatted once (the bench process writes ~270 bytes a click)
  const perLink = links.map((l) => ({
    keys: `${l.link_id}\t${l.campaign_id}\t${l.publisher_id}\t${l.website_id}\t`,
    referrer: `https://blog${l.idx % 97}.example/post`,
    hasSub1: l.idx % 5 < 2,
    home: COUNTRIES[HOME_MARKET_LIST[l.idx % HOME_MARKET_COUNT]!]!,
  }));
  let batch = '';
  let rows = 0;
  for (let n = first; n <= last; n++) {
    const l = perLink[Math.floor(perLink.length * Math.random() ** 2.5)]!;
    const rSub = Math.random();
    const rCountry = Math.random();
    const sub1 =
      !l.hasSub1 || rSub < 0.2
        ? '\\N'
        : SUB1[Math.min(SUB1.length - 1, Math.floor(((rSub - 0.2) / 0.8) * SUB1.length))]!;
    const country =
      rCountry < 0.05
        ? '\\N'
        : rCountry < 0.8
          ? l.home
          : COUNTRIES[
              Math.min(COUNTRIES.length - 1, Math.floor(((rCountry - 0.8) / 0.2) * COUNTRIES.length))
            ]!;
    batch +=
      `bk${String(n).padStart(10, '0')}\t${l.keys}${ipHashes[n % 400_000]}\t${USER_AGENTS[n % USER_AGENTS.length]}\t` +
      `${n % 3 === 0 ? '\\N' : l.referrer}\t${sub1}\t${country}\t${n % 10 < 7 ? 't' : 'f'}\t` +
      `${n % 40 === 7 ? 't' : 'f'}\t${n % 1000 === 999 ? 't' : 'f'}\t` +
      `${new Date(startMs + (n - 1 + Math.random()) * msPerClick).toISOString()}\n`;
    if (++rows === 5000) {
      yield batch;
      batch = '';
      rows = 0;
    }
  }
  if (rows > 0) yield batch;
}

export interface LoadResult {
  clicks: number;
  conversions: number;
  commissions: number;
  links: number;
  loadMs: number;
  /** of loadMs: writing the clicks, the conversions and the commissions; the rollup rebuild (bulk load) */
  phaseMs: { clicks: number; conversions: number; commissions: number; rebuild: number };
  vacuumMs: number;
  dailyStatsRows: number;
  /** rows a day × campaign × publisher × website rollup (no sub1, no country) would have */
  dailyTotalsRows: number;
}

/**
 * Fills clicks, conversions and commissions with `INSERT … SELECT … FROM generate_series` in chunks, in
 * time order (the heap ends up ordered by time, as live traffic leaves it), each chunk one statement per
 * table so the statement-level triggers of migration 0008 roll it up as they would a big COPY batch.
 *
 * Shape: clicks over every tracking link with a skewed popularity (a few links get most), evenly over the
 * window; 40% of links pass a sub1 (3 values, 20% of their clicks none); 75% of a link's clicks come from
 * its site's home market (a quarter of the links the US, then GB, DE, …), 20% from the 10 countries
 * evenly, 5% unknown;
 * 30% of clicks repeat a visitor (not unique), 2.5% bots, 0.1% test clicks. Every tenth click converts
 * (1–2 h later, order 15–195 USD) with one commission, decided as the hold period (30 days) leaves it:
 * older ones 70% approved, 20% paid, 5% each rejected and reversed, so the server's hold-period job finds
 * nothing to approve; the last 29 days' 85% pending. Ids are sequential (cheap to index) rather than random
 * as the app makes them.
 */
export async function loadTraffic(db: Inspector, plan: LoadPlan): Promise<LoadResult> {
  await db.rows(`CREATE TEMP TABLE bench_links AS
    SELECT (row_number() OVER (ORDER BY md5(l.id::text)) - 1)::int AS idx, l.id AS link_id, l.campaign_id,
      l.publisher_id, l.website_id
    FROM tracking_links l`);
  await db.rows('CREATE UNIQUE INDEX ON bench_links (idx)');
  await db.rows('ANALYZE bench_links');
  const links = await db.count('SELECT count(*) AS n FROM bench_links');
  if (links === 0) throw new Error('no tracking links to generate clicks for');

  const start = `${plan.window.from}T00:00:00Z`;
  const end = new Date(Date.parse(`${plan.window.to}T00:00:00Z`) + DAY_MS).toISOString();
  const msPerClick = (Date.parse(end) - Date.parse(start)) / plan.clicks;
  // the window's months get their partitions first, as the partition job makes them for live traffic
  // (only the current month and the next ones exist on a fresh database; the rest would land in the default)
  await db.rows(
    `SELECT ensure_month_partition(t, m::date)
     FROM unnest(ARRAY['clicks', 'conversions']) AS t,
       generate_series(date_trunc('month', $1::date), $2::date, interval '1 month') AS m`,
    [plan.window.from, plan.window.to],
  );
  const copyLinks = plan.copy
    ? await db.rows<BenchLink>(
        'SELECT idx, link_id, campaign_id, publisher_id, website_id FROM bench_links ORDER BY idx',
      )
    : [];

  const clickSql = `
    WITH g AS MATERIALIZED (
      SELECT n, floor($3::int * power(random(), 2.5))::int AS li, random() AS r_sub, random() AS r_country,
        random() AS r_time
      FROM generate_series($1::bigint, $2::bigint) AS n
    )
    INSERT INTO clicks (id, link_id, campaign_id, publisher_id, website_id, ip_hash, user_agent, referrer,
      sub1, country, is_unique, is_bot, is_test, created_at)
    SELECT 'bk' || lpad(g.n::text, 10, '0'), l.link_id, l.campaign_id, l.publisher_id, l.website_id,
      substr(md5((g.n % 400000)::text), 1, 22),
      (${sqlArray(USER_AGENTS)})[1 + (g.n % ${USER_AGENTS.length})::int],
      CASE WHEN g.n % 3 = 0 THEN NULL ELSE 'https://blog' || (l.idx % 97) || '.example/post' END,
      CASE WHEN l.idx % 5 >= 2 OR g.r_sub < 0.2 THEN NULL
        ELSE (${sqlArray(SUB1)})[1 + least(${SUB1.length - 1}, floor((g.r_sub - 0.2) / 0.8 * ${SUB1.length}))::int] END,
      CASE WHEN g.r_country < 0.05 THEN NULL
        WHEN g.r_country < 0.8 THEN (${sqlArray(COUNTRIES)})[1 + (${HOME_MARKETS})[1 + l.idx % ${HOME_MARKET_COUNT}]]
        ELSE (${sqlArray(COUNTRIES)})[1 + least(${COUNTRIES.length - 1},
          floor((g.r_country - 0.8) / 0.2 * ${COUNTRIES.length}))::int] END,
      g.n % 10 < 7, g.n % 40 = 7, g.n % 1000 = 999,
      $4::timestamptz + ((g.n - 1 + g.r_time) * $5::float8) * interval '1 millisecond'
    FROM g JOIN bench_links l ON l.idx = g.li`;
  // conversion j belongs to click 10j+3: never a bot (n % 40 = 7) nor a test click (n % 1000 = 999)
  const conversionSql = `
    INSERT INTO conversions (id, click_id, campaign_id, publisher_id, website_id, order_id, event,
      original_amount_minor, original_currency, amount_minor, currency, rate, source, created_at)
    SELECT ('b' || lpad(to_hex(j), 31, '0'))::uuid, c.id, c.campaign_id, c.publisher_id, c.website_id,
      'bench-order-' || j, 'sale', a.amount, 'USD', a.amount, 'USD', '1', 'postback',
      least(c.created_at + (60 + j % 60) * interval '1 minute', $3::timestamptz - interval '1 millisecond')
    FROM generate_series($1::bigint, $2::bigint) AS j
      CROSS JOIN LATERAL (SELECT 1500 + (j * 7919) % 18000 AS amount) a
      CROSS JOIN LATERAL (SELECT x.id, x.campaign_id, x.publisher_id, x.website_id, x.created_at FROM clicks x
        WHERE x.id = 'bk' || lpad((${CONVERSION_EVERY} * j + 3)::text, 10, '0')
          AND x.created_at >= $4::timestamptz AND x.created_at < $5::timestamptz LIMIT 1) c`;
  const commissionSql = `
    INSERT INTO commissions (id, kind, status, amount_minor, currency, campaign_id, advertiser_id, publisher_id,
      website_id, conversion_id, rule, decided_at, created_at, updated_at)
    SELECT ('c' || lpad(to_hex(j), 31, '0'))::uuid, 'conversion', s.status,
      CASE WHEN k.commission_model = 'revshare' THEN round(v.amount_minor * k.revshare_bps / 10000.0)::bigint
        ELSE k.payout_minor END,
      k.currency, v.campaign_id, k.advertiser_id, v.publisher_id, v.website_id, v.id, 'base',
      CASE WHEN s.status <> 'pending' THEN v.created_at + interval '1 day' END, v.created_at, v.created_at
    FROM generate_series($1::bigint, $2::bigint) AS j
      CROSS JOIN LATERAL (SELECT x.id, x.amount_minor, x.campaign_id, x.publisher_id, x.website_id, x.created_at
        FROM conversions x WHERE x.id = ('b' || lpad(to_hex(j), 31, '0'))::uuid
          AND x.created_at >= $4::timestamptz AND x.created_at < $5::timestamptz LIMIT 1) v
      CROSS JOIN LATERAL (SELECT CASE
        WHEN v.created_at < $3::timestamptz - interval '29 days' THEN CASE WHEN j % 20 < 14 THEN 'approved'
          WHEN j % 20 < 18 THEN 'paid' WHEN j % 20 = 18 THEN 'rejected' ELSE 'reversed' END
        ELSE CASE WHEN j % 20 < 17 THEN 'pending' WHEN j % 20 = 17 THEN 'approved'
          WHEN j % 20 = 18 THEN 'rejected' ELSE 'reversed' END
        END AS status) s
      JOIN campaigns k ON k.id = v.campaign_id`;

  // A chunk's conversions find their clicks, and its commissions their conversions, by id within the chunk's
  // time span (a second's margin): one primary-key probe in a month or two, where a join on the id alone
  // made the planner hash a scan of every click loaded so far for each chunk (quadratic in the clicks).
  const startMs = Date.parse(start);
  const span = (first: number, last: number, laterMs = 0) => [
    new Date(startMs + (first - 1) * msPerClick - 1_000).toISOString(),
    new Date(startMs + last * msPerClick + laterMs + 1_000).toISOString(),
  ];
  const CONVERSION_DELAY_MS = 2 * 3_600_000;

  const began = performance.now();
  const phaseMs = { clicks: 0, conversions: 0, commissions: 0, rebuild: 0 };
  const timed = async (phase: keyof typeof phaseMs, write: () => Promise<unknown>) => {
    const started = performance.now();
    await write();
    phaseMs[phase] += performance.now() - started;
  };
  const rebuild = plan.rebuildRollups;
  if (rebuild) {
    for (const [table, trigger] of ROLLUP_TRIGGERS)
      await db.rows(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
  }
  try {
    for (let first = 1; first <= plan.clicks; first += plan.chunk) {
      const last = Math.min(plan.clicks, first + plan.chunk - 1);
      await timed('clicks', () =>
        plan.copy
          ? plan.copy(COPY_CLICKS, clickCopyLines(first, last, copyLinks, startMs, msPerClick))
          : db.rows(clickSql, [first, last, links, start, msPerClick]),
      );
      // conversions j with first <= 10j+3 <= last
      const j0 = Math.ceil((first - 3) / CONVERSION_EVERY);
      const j1 = Math.floor((last - 3) / CONVERSION_EVERY);
      if (j1 >= j0) {
        await timed('conversions', () => db.rows(conversionSql, [j0, j1, end, ...span(first, last)]));
        await timed('commissions', () =>
          db.rows(commissionSql, [j0, j1, end, ...span(first, last, CONVERSION_DELAY_MS)]),
        );
      }
      plan.progress?.(last, performance.now() - began);
    }
  } finally {
    if (rebuild) {
      for (const [table, trigger] of ROLLUP_TRIGGERS)
        await db.rows(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
    }
  }
  if (rebuild) await timed('rebuild', () => rebuild(plan.window.from, plan.window.to));
  const loadMs = performance.now() - began;

  const vacuumStarted = performance.now();
  for (const table of [
    'clicks',
    'conversions',
    'commissions',
    'daily_stats',
    'daily_totals',
    'link_daily_stats',
  ])
    await db.rows(`VACUUM (ANALYZE) ${table}`);
  const vacuumMs = performance.now() - vacuumStarted;

  return {
    clicks: await db.count('SELECT count(*) AS n FROM clicks'),
    conversions: await db.count('SELECT count(*) AS n FROM conversions'),
    commissions: await db.count('SELECT count(*) AS n FROM commissions'),
    links,
    loadMs,
    phaseMs,
    vacuumMs,
    dailyStatsRows: await db.count('SELECT count(*) AS n FROM daily_stats'),
    dailyTotalsRows: await db.count('SELECT count(*) AS n FROM daily_totals'),
  };
}

export interface RollupCheck {
  name: string;
  rollup: number;
  raw: number;
}

/**
 * Both rollups summed against the raw tables (human non-test clicks, non-test conversions, earned money),
 * and daily_totals row by row against daily_stats grouped to its key: the keys where any sum differs.
 */
export async function checkRollups(db: Inspector): Promise<RollupCheck[]> {
  const sums = (table: string) => `
    (SELECT coalesce(sum(clicks), 0) FROM ${table}) AS ${table}_clicks,
    (SELECT coalesce(sum(unique_clicks), 0) FROM ${table}) AS ${table}_unique,
    (SELECT coalesce(sum(conversions), 0) FROM ${table}) AS ${table}_conversions,
    (SELECT coalesce(sum(pending_minor + approved_minor + paid_minor), 0) FROM ${table}) AS ${table}_commission`;
  const [row] = await db.rows<
    Record<string, string | number>
  >(`SELECT ${sums('daily_stats')}, ${sums('daily_totals')},
    (SELECT count(*) FROM clicks WHERE NOT is_bot AND NOT is_test) AS raw_clicks,
    (SELECT count(*) FROM clicks WHERE is_unique AND NOT is_bot AND NOT is_test) AS raw_unique,
    (SELECT count(*) FROM conversions WHERE NOT is_test) AS raw_conversions,
    (SELECT coalesce(sum(amount_minor), 0) FROM commissions
      WHERE NOT is_test AND status IN ('pending', 'approved', 'paid')) AS raw_commission`);
  const [drift] = await db.rows<{ n: string }>(`SELECT count(*) AS n FROM daily_totals t
    FULL JOIN (
      SELECT day, campaign_id, publisher_id, website_id, sum(clicks) AS clicks, sum(unique_clicks) AS unique_clicks,
        sum(bot_clicks) AS bot_clicks, sum(conversions) AS conversions, sum(revenue_minor) AS revenue_minor,
        sum(pending_minor) AS pending_minor, sum(approved_minor) AS approved_minor, sum(paid_minor) AS paid_minor,
        sum(rejected_minor) AS rejected_minor, sum(reversed_minor) AS reversed_minor
      FROM daily_stats GROUP BY 1, 2, 3, 4
    ) s USING (day, campaign_id, publisher_id, website_id)
    WHERE (t.clicks, t.unique_clicks, t.bot_clicks, t.conversions, t.revenue_minor, t.pending_minor,
        t.approved_minor, t.paid_minor, t.rejected_minor, t.reversed_minor)
      IS DISTINCT FROM (s.clicks, s.unique_clicks, s.bot_clicks, s.conversions, s.revenue_minor, s.pending_minor,
        s.approved_minor, s.paid_minor, s.rejected_minor, s.reversed_minor)`);
  const n = (key: string) => Number(row![key]);
  const checks: RollupCheck[] = [];
  for (const table of ['daily_stats', 'daily_totals']) {
    checks.push(
      { name: `${table} clicks (human, non-test)`, rollup: n(`${table}_clicks`), raw: n('raw_clicks') },
      { name: `${table} unique clicks`, rollup: n(`${table}_unique`), raw: n('raw_unique') },
      { name: `${table} conversions`, rollup: n(`${table}_conversions`), raw: n('raw_conversions') },
      {
        name: `${table} commission_minor (pending+approved+paid)`,
        rollup: n(`${table}_commission`),
        raw: n('raw_commission'),
      },
    );
  }
  checks.push({
    name: 'daily_totals keys differing from daily_stats grouped',
    rollup: Number(drift!.n),
    raw: 0,
  });
  checks.push(...(await checkOneMonth(db)));
  return checks;
}

/**
 * The busiest campaign in the busiest month: each rollup's clicks summed over that month against `count(*)` of the
 * raw clicks (human, non-test) the partition holds, read straight from the clicks, not from the other rollups.
 */
async function checkOneMonth(db: Inspector): Promise<RollupCheck[]> {
  const [busiest] = await db.rows<{ month: string; campaign_id: string }>(`
    SELECT to_char(date_trunc('month', day), 'YYYY-MM-DD') AS month, campaign_id
    FROM daily_totals GROUP BY 1, 2 ORDER BY sum(clicks) DESC, 1, 2 LIMIT 1`);
  if (!busiest) return [];
  const { month, campaign_id: campaign } = busiest;
  const params = [campaign, month];
  const days = `day >= $2::date AND day < ($2::date + interval '1 month')`;
  const [row] = await db.rows<Record<string, string>>(
    `SELECT
      (SELECT count(*) FROM clicks WHERE campaign_id = $1 AND NOT is_bot AND NOT is_test
        AND created_at >= $2::date::timestamp AT TIME ZONE 'UTC'
        AND created_at < ($2::date + interval '1 month')::timestamp AT TIME ZONE 'UTC') AS raw,
      (SELECT coalesce(sum(clicks), 0) FROM daily_stats WHERE campaign_id = $1 AND ${days}) AS daily_stats,
      (SELECT coalesce(sum(clicks), 0) FROM daily_totals WHERE campaign_id = $1 AND ${days}) AS daily_totals,
      (SELECT coalesce(sum(s.clicks), 0) FROM link_daily_stats s JOIN tracking_links l ON l.id = s.link_id
        WHERE l.campaign_id = $1 AND ${days.replaceAll('day', 's.day')}) AS link_daily_stats`,
    params,
  );
  return ['daily_stats', 'daily_totals', 'link_daily_stats'].map((table) => ({
    name: `${table} clicks of campaign ${campaign} in ${month.slice(0, 7)} vs count(*) of its clicks`,
    rollup: Number(row![table]),
    raw: Number(row!.raw),
  }));
}

export type Scope =
  { role: 'admin' } | { role: 'advertiser'; id: string } | { role: 'publisher'; id: string };

/** Figures of one group, as the API's reports give them (money in USD minor units: every campaign is USD). */
export interface Figures {
  clicks: number;
  unique_clicks: number;
  conversions: number;
  revenue_minor: number;
  commission_minor: number;
  pending_minor: number;
  approved_minor: number;
  paid_minor: number;
}
export type RawRow = Figures & { key: string };

const GROUP_KEY = {
  day: `((created_at AT TIME ZONE 'UTC')::date)::text`,
  publisher: 'publisher_id::text',
  campaign: 'campaign_id::text',
} as const;
export type RawGroup = keyof typeof GROUP_KEY;

/**
 * What a dashboard or report would have to run without the rollup: the same figures grouped by day,
 * publisher or campaign straight from clicks, conversions and commissions (same rules as the triggers:
 * bots and test events out, each event on its own UTC day, commissions by current status). An advertiser's
 * clicks and conversions are found through their campaigns (those tables have no advertiser column).
 */
export function rawGroupedQuery(
  group: RawGroup,
  scope: Scope,
  range: DayRange,
  options: { orderByCommissionLimit?: number } = {},
): { sql: string; params: unknown[] } {
  const key = GROUP_KEY[group];
  const params: unknown[] = [
    `${range.from}T00:00:00Z`,
    new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS).toISOString(),
  ];
  let eventScope = '';
  let commissionScope = '';
  if (scope.role === 'advertiser') {
    params.push(scope.id);
    eventScope = 'AND campaign_id IN (SELECT id FROM campaigns WHERE advertiser_id = $3)';
    commissionScope = 'AND advertiser_id = $3';
  } else if (scope.role === 'publisher') {
    params.push(scope.id);
    eventScope = commissionScope = 'AND publisher_id = $3';
  }
  const inRange = 'created_at >= $1::timestamptz AND created_at < $2::timestamptz';
  const order = options.orderByCommissionLimit
    ? `ORDER BY commission_minor DESC, key LIMIT ${options.orderByCommissionLimit}`
    : 'ORDER BY key';
  const sql = `
    SELECT key, sum(clicks)::bigint AS clicks, sum(unique_clicks)::bigint AS unique_clicks,
      sum(conversions)::bigint AS conversions, sum(revenue_minor)::bigint AS revenue_minor,
      sum(pending_minor + approved_minor + paid_minor)::bigint AS commission_minor,
      sum(pending_minor)::bigint AS pending_minor, sum(approved_minor)::bigint AS approved_minor,
      sum(paid_minor)::bigint AS paid_minor
    FROM (
      SELECT ${key} AS key, count(*) FILTER (WHERE NOT is_bot) AS clicks,
        count(*) FILTER (WHERE is_unique AND NOT is_bot) AS unique_clicks, 0 AS conversions, 0 AS revenue_minor,
        0 AS pending_minor, 0 AS approved_minor, 0 AS paid_minor
      FROM clicks WHERE NOT is_test AND ${inRange} ${eventScope} GROUP BY 1
      UNION ALL
      SELECT ${key}, 0, 0, count(*), sum(amount_minor), 0, 0, 0
      FROM conversions WHERE NOT is_test AND ${inRange} ${eventScope} GROUP BY 1
      UNION ALL
      SELECT ${key}, 0, 0, 0, 0,
        coalesce(sum(amount_minor) FILTER (WHERE status = 'pending'), 0),
        coalesce(sum(amount_minor) FILTER (WHERE status = 'approved'), 0),
        coalesce(sum(amount_minor) FILTER (WHERE status = 'paid'), 0)
      FROM commissions WHERE NOT is_test AND ${inRange} ${commissionScope} GROUP BY 1
    ) x
    GROUP BY key ${order}`;
  return { sql, params };
}

export async function runRaw(db: Inspector, query: { sql: string; params: unknown[] }): Promise<RawRow[]> {
  const rows = await db.rows<Record<string, string | number>>(query.sql, query.params);
  return rows.map((r) => ({
    key: String(r.key),
    clicks: Number(r.clicks),
    unique_clicks: Number(r.unique_clicks),
    conversions: Number(r.conversions),
    revenue_minor: Number(r.revenue_minor),
    commission_minor: Number(r.commission_minor),
    pending_minor: Number(r.pending_minor),
    approved_minor: Number(r.approved_minor),
    paid_minor: Number(r.paid_minor),
  }));
}

export const ZERO: Figures = {
  clicks: 0,
  unique_clicks: 0,
  conversions: 0,
  revenue_minor: 0,
  commission_minor: 0,
  pending_minor: 0,
  approved_minor: 0,
  paid_minor: 0,
};

export function sumFigures(rows: Figures[]): Figures {
  const total = { ...ZERO };
  for (const r of rows) for (const k of Object.keys(total) as (keyof Figures)[]) total[k] += r[k];
  return total;
}
