import type { SQL } from 'drizzle-orm';
import type { TestApp } from './test-app';

/** The rows of a raw query (`execute` is typed loosely over the two drivers; both answer `{ rows }`). */
export async function queryRows<T = Record<string, unknown>>(t: TestApp, query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The PostgreSQL error a statement failed with (`code`, `constraint`, `table`, `detail` …), or null when it
 * succeeded. Drizzle wraps the driver's error; the PostgreSQL fields are on its cause.
 */
export function databaseErrorOf(statement: Promise<unknown>): Promise<Record<string, unknown> | null> {
  return statement.then(
    () => null,
    (err: unknown) => {
      const e = err as { cause?: Record<string, unknown> } & Record<string, unknown>;
      return (e.cause ?? e) as Record<string, unknown>;
    },
  );
}
