import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Any database of ours, whatever its schema: this file is below connection.ts, which imports it. */
type Db = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/**
 * Applies the SQL migrations in server/db/migrations, keeping drizzle-kit's bookkeeping table
 * (drizzle.__drizzle_migrations: one row per applied migration, created_at = the journal's `when`).
 *
 * Drizzle's own migrator applies only migrations whose `when` is later than the last applied one, and the
 * journal is not in `when` order (0019's was set by hand past 0020's): a database migrated to 0019 would
 * never get 0020. A migration is pending here when its `when` is not in the table, whatever the order.
 */

/** Resolved when called, not at import: jsdom test environments have no file URL for this module. */
function migrationsFolder(): string {
  return fileURLToPath(new URL('./migrations', import.meta.url));
}

let cached: MigrationMeta[] | null = null;
function migrations(): MigrationMeta[] {
  cached ??= readMigrationFiles({ migrationsFolder: migrationsFolder() });
  return cached;
}

/** Any number fits: one lock key for Affilio's migrations, taken with pg_advisory_lock on PostgreSQL. */
export const MIGRATION_LOCK_KEY = 0x4166_6d69; // 'Afmi'

// connection.ts has executeRows, but it imports this file: no cycle
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function appliedStamps(db: Db): Promise<Set<number>> {
  const exists = await rowsOf<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists[0]?.found) return new Set();
  const rows = await rowsOf<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations`,
  );
  return new Set(rows.map((row) => Number(row.created_at)));
}

/** The journal's migrations this database has not applied, in journal order. */
export async function pendingMigrations(db: Db): Promise<MigrationMeta[]> {
  const applied = await appliedStamps(db);
  return migrations().filter((migration) => !applied.has(migration.folderMillis));
}

/**
 * Applies every pending migration in one transaction (all or none). The caller makes sure no other
 * process migrates at the same time (PostgreSQL: the advisory lock in connection.ts; PGlite has one
 * process per data directory). Answers how many were applied.
 */
export async function applyMigrations(db: Db): Promise<number> {
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  const pending = await pendingMigrations(db);
  if (pending.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const migration of pending) {
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
  return pending.length;
}
