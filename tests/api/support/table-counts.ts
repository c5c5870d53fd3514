import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows as rows } from './raw-sql';
import type { TestApp } from './test-app';

export type TableCounts = Map<string, number>;

/**
 * Reads the row count of every table in the public schema. A full count is one round trip over every
 * table; it is skipped when the database's snapshot (pg_current_snapshot: the oldest running transaction,
 * the next transaction id and those running) is the one the last count was taken under. Two equal
 * snapshots see exactly the same committed rows, and no row is inserted or deleted without a transaction
 * id, so the counts cannot differ; a sweep of refused requests that write nothing then costs one tiny
 * query each instead of a count of every table.
 */
export async function tableCounter(t: TestApp): Promise<() => Promise<TableCounts>> {
  const tables = (
    await rows<{ table_name: string }>(
      t,
      // rate_limit_counters (PostgreSQL): the abuse limits count refused requests there by design
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limit_counters'
          order by table_name`,
    )
  ).map((r) => r.table_name);
  // the snapshot comes with the counts from the same statement, so it is the one they were taken under
  const query = sql`select pg_current_snapshot()::text as snapshot, c.name, c.n from (${sql.join(
    tables.map((name) => sql`select ${name} as name, count(*)::int as n from ${sql.identifier(name)}`),
    sql` union all `,
  )}) c`;
  let last: { snapshot: string; counts: TableCounts } | undefined;
  return async () => {
    if (last) {
      const [now] = await rows<{ snapshot: string }>(t, sql`select pg_current_snapshot()::text as snapshot`);
      if (now?.snapshot === last.snapshot) return new Map(last.counts);
    }
    const counted = await rows<{ snapshot: string; name: string; n: number }>(t, query);
    const counts = new Map(counted.map((r) => [r.name, Number(r.n)]));
    last = { snapshot: counted[0]!.snapshot, counts };
    return new Map(counts);
  };
}

/** `table before→after` for every table whose count differs. */
export function countChanges(before: TableCounts, after: TableCounts): string[] {
  const changes: string[] = [];
  for (const [name, n] of after) {
    const was = before.get(name) ?? 0;
    if (n !== was) changes.push(`${name} ${was}→${n}`);
  }
  return changes;
}

/** Sends `request`, expects `status`, and expects no table's row count to have changed. */
export async function expectStoresNothing<R extends { statusCode: number }>(
  counts: () => Promise<TableCounts>,
  request: () => Promise<R>,
  status: number,
): Promise<R> {
  const before = await counts();
  const res = await request();
  expect(res.statusCode).toBe(status);
  expect(countChanges(before, await counts())).toEqual([]);
  return res;
}
