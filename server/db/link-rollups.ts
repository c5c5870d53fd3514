import { sql } from 'drizzle-orm';
import { executeRows, type Db } from './connection';
import { clicksKeptFrom } from './partitions';

/** A link_daily_stats row as the rollup and the raw aggregate both give it. */
export interface LinkDailyStatsRow {
  link_id: string;
  day: string;
  clicks: number;
  unique_clicks: number;
  bot_clicks: number;
  test_clicks: number;
  conversions: number;
}

const COLUMNS = sql.raw('link_id, day, clicks, unique_clicks, bot_clicks, test_clicks, conversions');

/**
 * The rows computed from the raw tables for days in [from, to]: what the triggers of migration
 * 0032_link_daily_rollup keep in link_daily_stats, as one query (clicks by click day, test clicks apart;
 * conversions on a click by conversion day, no tests; links that exist only).
 */
function rawAggregate(from: string, to: string) {
  const inRange = (column: string) =>
    sql`${sql.raw(column)} >= ${from}::date::timestamp AT TIME ZONE 'UTC'
      AND ${sql.raw(column)} < (${to}::date + 1)::timestamp AT TIME ZONE 'UTC'`;
  return sql`
    SELECT x.link_id, x.day, sum(x.clicks)::int AS clicks, sum(x.unique_clicks)::int AS unique_clicks,
      sum(x.bot_clicks)::int AS bot_clicks, sum(x.test_clicks)::int AS test_clicks,
      sum(x.conversions)::int AS conversions
    FROM (
      SELECT c.link_id, (c.created_at AT TIME ZONE 'UTC')::date AS day,
        count(*) FILTER (WHERE NOT c.is_test AND NOT c.is_bot) AS clicks,
        count(*) FILTER (WHERE NOT c.is_test AND c.is_unique AND NOT c.is_bot) AS unique_clicks,
        count(*) FILTER (WHERE NOT c.is_test AND c.is_bot) AS bot_clicks,
        count(*) FILTER (WHERE c.is_test) AS test_clicks,
        0 AS conversions
      FROM clicks c
      WHERE ${inRange('c.created_at')}
      GROUP BY 1, 2
      UNION ALL
      SELECT c.link_id, (v.created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, count(*)
      FROM conversions v JOIN clicks c ON c.id = v.click_id
      WHERE NOT v.is_test AND ${inRange('v.created_at')}
      GROUP BY 1, 2
    ) x
    WHERE EXISTS (SELECT 1 FROM tracking_links t WHERE t.id = x.link_id)
    GROUP BY x.link_id, x.day`;
}

const numeric = (row: Record<string, unknown>): LinkDailyStatsRow => ({
  link_id: String(row.link_id),
  day: String(row.day instanceof Date ? row.day.toISOString().slice(0, 10) : row.day),
  clicks: Number(row.clicks),
  unique_clicks: Number(row.unique_clicks),
  bot_clicks: Number(row.bot_clicks),
  test_clicks: Number(row.test_clicks),
  conversions: Number(row.conversions),
});

const byKey = (a: LinkDailyStatsRow, b: LinkDailyStatsRow) =>
  `${a.day}|${a.link_id}`.localeCompare(`${b.day}|${b.link_id}`);

/** Rows computed from the raw tables for [from, to] (dates YYYY-MM-DD, UTC), sorted by day and link. */
export async function rawLinkDailyStats(db: Db, from: string, to: string): Promise<LinkDailyStatsRow[]> {
  return (await executeRows<Record<string, unknown>>(db, rawAggregate(from, to))).map(numeric).sort(byKey);
}

/** Rows stored in link_daily_stats for [from, to], sorted by day and link. */
export async function storedLinkDailyStats(db: Db, from: string, to: string): Promise<LinkDailyStatsRow[]> {
  const rows = await executeRows<Record<string, unknown>>(
    db,
    sql`SELECT ${COLUMNS} FROM link_daily_stats WHERE day BETWEEN ${from}::date AND ${to}::date`,
  );
  return rows.map(numeric).sort(byKey);
}

/**
 * Recomputes link_daily_stats for [from, to] from the raw tables, in one transaction (what
 * rebuildDailyStats does for daily_stats). Refused for days whose clicks the retention dropped: the
 * rebuild would count them as none. Returns the rows written.
 */
export async function rebuildLinkDailyStats(db: Db, from: string, to: string): Promise<number> {
  const keptFrom = await clicksKeptFrom(db);
  if (keptFrom && Date.parse(`${from}T00:00:00Z`) < keptFrom.getTime()) {
    throw new Error(
      `clicks before ${keptFrom.toISOString().slice(0, 10)} were dropped by the click retention; rebuild from that day on`,
    );
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM link_daily_stats WHERE day BETWEEN ${from}::date AND ${to}::date`);
    const written = await executeRows<{ link_id: string }>(
      tx,
      sql`INSERT INTO link_daily_stats (${COLUMNS}) ${rawAggregate(from, to)} RETURNING link_id`,
    );
    return written.length;
  });
}
