import { sql } from 'drizzle-orm';
import type { Db } from './connection';
import { clicksKeptFrom } from './partitions';

/** A daily_stats row as the rollup and the raw aggregate both give it (money in the campaign currency). */
export interface DailyStatsRow {
  day: string;
  campaign_id: string;
  advertiser_id: string;
  publisher_id: string;
  website_id: string;
  sub1: string;
  country: string;
  currency: string;
  clicks: number;
  unique_clicks: number;
  bot_clicks: number;
  conversions: number;
  revenue_minor: number;
  pending_minor: number;
  approved_minor: number;
  paid_minor: number;
  rejected_minor: number;
  reversed_minor: number;
}

const COLUMNS = sql.raw(`day, campaign_id, advertiser_id, publisher_id, website_id, sub1, country, currency,
  clicks, unique_clicks, bot_clicks, conversions, revenue_minor,
  pending_minor, approved_minor, paid_minor, rejected_minor, reversed_minor`);

/**
 * The day rows computed from the raw tables for days in [from, to] — what the triggers of migration
 * 0008_rollup_triggers keep in daily_stats, written once more as one query (same keys, same rules:
 * clicks by click day without bots, conversions by conversion day, commissions by creation day under
 * their current status, test events left out).
 */
function rawAggregate(from: string, to: string) {
  const start = sql`${from}::date`;
  const end = sql`(${to}::date + 1)`;
  const inRange = (column: string) =>
    sql`${sql.raw(column)} >= ${start}::timestamp AT TIME ZONE 'UTC' AND ${sql.raw(column)} < ${end}::timestamp AT TIME ZONE 'UTC'`;
  return sql`
    SELECT x.day, x.campaign_id, k.advertiser_id, x.publisher_id, x.website_id, x.sub1, x.country, k.currency,
      sum(x.clicks)::int AS clicks, sum(x.unique_clicks)::int AS unique_clicks, sum(x.bot_clicks)::int AS bot_clicks,
      sum(x.conversions)::int AS conversions, sum(x.revenue_minor)::bigint AS revenue_minor,
      sum(x.pending_minor)::bigint AS pending_minor, sum(x.approved_minor)::bigint AS approved_minor,
      sum(x.paid_minor)::bigint AS paid_minor, sum(x.rejected_minor)::bigint AS rejected_minor,
      sum(x.reversed_minor)::bigint AS reversed_minor
    FROM (
      SELECT (c.created_at AT TIME ZONE 'UTC')::date AS day, c.campaign_id, c.publisher_id, c.website_id,
        coalesce(c.sub1, '') AS sub1, coalesce(c.country, '') AS country,
        count(*) FILTER (WHERE NOT c.is_bot) AS clicks,
        count(*) FILTER (WHERE c.is_unique AND NOT c.is_bot) AS unique_clicks,
        count(*) FILTER (WHERE c.is_bot) AS bot_clicks,
        0 AS conversions, 0 AS revenue_minor, 0 AS pending_minor, 0 AS approved_minor, 0 AS paid_minor,
        0 AS rejected_minor, 0 AS reversed_minor
      FROM clicks c
      WHERE NOT c.is_test AND ${inRange('c.created_at')}
      GROUP BY 1, 2, 3, 4, 5, 6
      UNION ALL
      SELECT (v.created_at AT TIME ZONE 'UTC')::date, v.campaign_id, v.publisher_id, v.website_id,
        coalesce(c.sub1, ''), coalesce(c.country, ''), 0, 0, 0, count(*), sum(v.amount_minor), 0, 0, 0, 0, 0
      FROM conversions v LEFT JOIN clicks c ON c.id = v.click_id
      WHERE NOT v.is_test AND ${inRange('v.created_at')}
      GROUP BY 1, 2, 3, 4, 5, 6
      UNION ALL
      SELECT (m.created_at AT TIME ZONE 'UTC')::date, m.campaign_id, m.publisher_id,
        coalesce(m.website_id, v.website_id, c.website_id, '00000000-0000-0000-0000-000000000000'::uuid),
        coalesce(c.sub1, ''), coalesce(c.country, ''), 0, 0, 0, 0, 0,
        coalesce(sum(m.amount_minor) FILTER (WHERE m.status = 'pending'), 0),
        coalesce(sum(m.amount_minor) FILTER (WHERE m.status = 'approved'), 0),
        coalesce(sum(m.amount_minor) FILTER (WHERE m.status = 'paid'), 0),
        coalesce(sum(m.amount_minor) FILTER (WHERE m.status = 'rejected'), 0),
        coalesce(sum(m.amount_minor) FILTER (WHERE m.status = 'reversed'), 0)
      FROM commissions m
        LEFT JOIN conversions v ON v.id = m.conversion_id
        LEFT JOIN clicks c ON c.id = coalesce(m.click_id, v.click_id)
      WHERE NOT m.is_test AND ${inRange('m.created_at')}
      GROUP BY 1, 2, 3, 4, 5, 6
    ) x JOIN campaigns k ON k.id = x.campaign_id
    GROUP BY x.day, x.campaign_id, k.advertiser_id, x.publisher_id, x.website_id, x.sub1, x.country, k.currency`;
}

const numeric = (row: Record<string, unknown>): DailyStatsRow => ({
  day: String(row.day instanceof Date ? row.day.toISOString().slice(0, 10) : row.day),
  campaign_id: String(row.campaign_id),
  advertiser_id: String(row.advertiser_id),
  publisher_id: String(row.publisher_id),
  website_id: String(row.website_id),
  sub1: String(row.sub1),
  country: String(row.country),
  currency: String(row.currency),
  clicks: Number(row.clicks),
  unique_clicks: Number(row.unique_clicks),
  bot_clicks: Number(row.bot_clicks),
  conversions: Number(row.conversions),
  revenue_minor: Number(row.revenue_minor),
  pending_minor: Number(row.pending_minor),
  approved_minor: Number(row.approved_minor),
  paid_minor: Number(row.paid_minor),
  rejected_minor: Number(row.rejected_minor),
  reversed_minor: Number(row.reversed_minor),
});

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []);

/** An all-zero row carries nothing: a status move can leave one behind in daily_stats. */
const hasFigures = (r: DailyStatsRow) =>
  r.clicks ||
  r.unique_clicks ||
  r.bot_clicks ||
  r.conversions ||
  r.revenue_minor ||
  r.pending_minor ||
  r.approved_minor ||
  r.paid_minor ||
  r.rejected_minor ||
  r.reversed_minor;

const byKey = (a: DailyStatsRow, b: DailyStatsRow) =>
  `${a.day}|${a.campaign_id}|${a.publisher_id}|${a.website_id}|${a.sub1}|${a.country}`.localeCompare(
    `${b.day}|${b.campaign_id}|${b.publisher_id}|${b.website_id}|${b.sub1}|${b.country}`,
  );

/** Rows computed from the raw tables for [from, to] (dates YYYY-MM-DD, UTC), sorted by key. */
export async function rawDailyStats(db: Db, from: string, to: string): Promise<DailyStatsRow[]> {
  const rows = rowsOf(await db.execute(rawAggregate(from, to))).map(numeric);
  return rows.filter(hasFigures).sort(byKey);
}

/** Rows stored in daily_stats for [from, to], all-zero rows left out, sorted by key. */
export async function storedDailyStats(db: Db, from: string, to: string): Promise<DailyStatsRow[]> {
  const result = await db.execute(
    sql`SELECT ${COLUMNS} FROM daily_stats WHERE day BETWEEN ${from}::date AND ${to}::date`,
  );
  return rowsOf(result).map(numeric).filter(hasFigures).sort(byKey);
}

/**
 * Recomputes daily_stats for [from, to] from the raw tables, in one transaction: after a restore, a
 * manual fix in the raw tables, or a change of the rollup rules. Returns the rows written.
 */
export async function rebuildDailyStats(db: Db, from: string, to: string): Promise<number> {
  // the clicks of those days are gone (click retention): a rebuild would count them as none
  const keptFrom = await clicksKeptFrom(db);
  if (keptFrom && Date.parse(`${from}T00:00:00Z`) < keptFrom.getTime()) {
    throw new Error(
      `clicks before ${keptFrom.toISOString().slice(0, 10)} were dropped by the click retention; rebuild from that day on`,
    );
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM daily_stats WHERE day BETWEEN ${from}::date AND ${to}::date`);
    const result = await tx.execute(sql`INSERT INTO daily_stats (${COLUMNS}) ${rawAggregate(from, to)}`);
    const count = (result as { rowCount?: number; affectedRows?: number }).rowCount;
    return count ?? (result as { affectedRows?: number }).affectedRows ?? 0;
  });
}

const TOTALS_COLUMNS =
  sql.raw(`day, campaign_id, advertiser_id, publisher_id, website_id, '' AS sub1, '' AS country,
  currency, clicks, unique_clicks, bot_clicks, conversions, revenue_minor,
  pending_minor, approved_minor, paid_minor, rejected_minor, reversed_minor`);

/** Rows stored in daily_totals for [from, to] (sub1 and country ''), all-zero rows left out, sorted by key. */
export async function storedDailyTotals(db: Db, from: string, to: string): Promise<DailyStatsRow[]> {
  const result = await db.execute(
    sql`SELECT ${TOTALS_COLUMNS} FROM daily_totals WHERE day BETWEEN ${from}::date AND ${to}::date`,
  );
  return rowsOf(result).map(numeric).filter(hasFigures).sort(byKey);
}

/** daily_stats for [from, to] summed to daily_totals' key: what the 0010 triggers must keep there. */
export async function dailyStatsAsTotals(db: Db, from: string, to: string): Promise<DailyStatsRow[]> {
  const result = await db.execute(sql`
    SELECT day, campaign_id, advertiser_id, publisher_id, website_id, '' AS sub1, '' AS country, currency,
      sum(clicks) AS clicks, sum(unique_clicks) AS unique_clicks, sum(bot_clicks) AS bot_clicks,
      sum(conversions) AS conversions, sum(revenue_minor) AS revenue_minor,
      sum(pending_minor) AS pending_minor, sum(approved_minor) AS approved_minor, sum(paid_minor) AS paid_minor,
      sum(rejected_minor) AS rejected_minor, sum(reversed_minor) AS reversed_minor
    FROM daily_stats WHERE day BETWEEN ${from}::date AND ${to}::date
    GROUP BY day, campaign_id, advertiser_id, publisher_id, website_id, currency`);
  return rowsOf(result).map(numeric).filter(hasFigures).sort(byKey);
}
