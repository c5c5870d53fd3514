import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows as rows } from './raw-sql';
import type { TestApp } from './test-app';

export type TableCounts = Map<string, number>;

/** Reads the row count of every table in the public schema; one round trip per call. */
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
  const query = sql.join(
    tables.map((name) => sql`select ${name} as name, count(*)::int as n from ${sql.identifier(name)}`),
    sql` union all `,
  );
  return async () => {
    const counts = await rows<{ name: string; n: number }>(t, query);
    return new Map(counts.map((r) => [r.name, Number(r.n)]));
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
