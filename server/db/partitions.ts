import { sql } from 'drizzle-orm';
import { executeRows, type Db } from './connection';
import { droppedClickMonths } from './schema/tracking';

/**
 * The monthly partitions of clicks and conversions (migration 0024): `<table>_yYYYYmMM` holds
 * [first of the month 00:00 UTC, first of the next month); `<table>_default` anything outside them.
 */
export const PARTITIONED_EVENTS = ['clicks', 'conversions'] as const;
export type PartitionedEvents = (typeof PARTITIONED_EVENTS)[number];

/** Months made ahead of the current one: a month's partition exists well before its first row. */
export const MONTHS_AHEAD = 2;

/** The first day (YYYY-MM-DD) of the UTC month `offset` months after the one holding `at`. */
export function monthOf(at: Date, offset = 0): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
}

/** The first moment of the month after `month` (YYYY-MM-01). */
export function monthEnd(month: string): Date {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1));
}

/**
 * Makes the partitions of the month holding `now` and the `ahead` months after it, for both tables, unless
 * they exist (rows of a month already waiting in the default partition move into it). Safe from several
 * processes at once: the SQL function takes a transaction lock. Answers the partitions it made.
 */
export async function ensureEventPartitions(db: Db, now = new Date(), ahead = MONTHS_AHEAD): Promise<string[]> {
  const made: string[] = [];
  for (const table of PARTITIONED_EVENTS) {
    for (let offset = 0; offset <= ahead; offset++) {
      const month = monthOf(now, offset);
      const [row] = await executeRows<{ made: boolean }>(
        db,
        sql`select ensure_month_partition(${table}, ${month}::date) as made`,
      );
      if (row?.made) made.push(`${table}_y${month.slice(0, 4)}m${month.slice(5, 7)}`);
    }
  }
  return made;
}

/** The month partitions of `table` as they are now, oldest first (the default partition is not one). */
export async function monthPartitions(db: Db, table: PartitionedEvents): Promise<{ name: string; month: string }[]> {
  const rows = await executeRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = ${table}::regclass`,
  );
  const pattern = new RegExp(`^${table}_y(\\d{4})m(\\d{2})$`);
  return rows
    .flatMap(({ name }) => {
      const match = pattern.exec(name);
      return match ? [{ name, month: `${match[1]}-${match[2]}-01` }] : [];
    })
    .sort((a, b) => a.month.localeCompare(b.month));
}

/**
 * Drops, whole, every month partition of clicks that ends at or before `cutoff`, and notes the month in
 * dropped_click_months. DROP TABLE deletes no rows one by one, so no delete trigger runs: the daily rollups
 * keep those months' figures, and conversions and commissions keep their (now dangling) click ids. Rows of
 * such months in clicks_default stay. Answers the months dropped.
 */
export async function dropClickMonthsBefore(db: Db, cutoff: Date): Promise<string[]> {
  const old = (await monthPartitions(db, 'clicks')).filter((p) => monthEnd(p.month) <= cutoff);
  const dropped: string[] = [];
  for (const partition of old) {
    await db.transaction(async (tx) => {
      // the drop waits for readers of clicks; a long report should make this month wait a run, not the clicks
      await tx.execute(sql`set local lock_timeout = '10s'`);
      await tx.execute(sql.raw(`drop table if exists "${partition.name}"`));
      await tx.insert(droppedClickMonths).values({ month: partition.month }).onConflictDoNothing();
    });
    dropped.push(partition.month);
  }
  return dropped;
}

/**
 * From when on the clicks table still holds every click: the end of the last month the retention dropped,
 * or null when none was. Reports read the daily rollups before it.
 */
export async function clicksKeptFrom(db: Db): Promise<Date | null> {
  const [row] = await executeRows<{ month: string | null }>(
    db,
    sql`select max(month)::text as month from dropped_click_months`,
  );
  return row?.month ? monthEnd(row.month) : null;
}
