import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw `db.execute` query (both drivers answer `{ rows }`), typed as the caller says. */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite only: `COPY … FROM '/dev/blob'` fed with `data` in COPY's text format (bulk writes) */
  copyFrom?: (sql: string, data: string) => Promise<void>;
  close(): Promise<void>;
}

/** Resolved when a database opens, not at import: modules that only borrow a helper from here (executeRows)
 *  must load in any test environment, including jsdom, where import.meta.url is not a file URL. */
function migrationsFolder(): string {
  return fileURLToPath(new URL('./migrations', import.meta.url));
}

export interface DatabaseOptions {
  /** postgres://… — use a real PostgreSQL server. */
  databaseUrl?: string;
  /** Directory for embedded PGlite; undefined means in-memory (tests). */
  dataDir?: string;
  /**
   * PGlite only: a tar of a migrated data directory (`dumpDataDir`) to start from instead of initdb and
   * every migration; the API tests open dozens of databases this way (tests/api/support/global-setup.ts).
   */
  template?: string;
}

/** Opens PGlite (embedded) or PostgreSQL and applies the one shared set of migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, admin kill) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (err) => console.warn(`postgres: idle connection lost (${err.message})`));
    const db = drizzle({ client: pool, schema });
    await migrate(db, { migrationsFolder: migrationsFolder() });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { PGliteWorkerClient } = await import('./pglite-worker-client');
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  // PGlite runs in a worker thread: its queries execute synchronously and would otherwise hold up every
  // HTTP request while they run (see pglite-worker.ts)
  const client = await PGliteWorkerClient.create(options.dataDir, options.template);
  const db = drizzle({ client: client as unknown as PGlite, schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    copyFrom: (sql, data) => client.copyFrom(sql, data),
    close: () => client.close(),
  };
}
