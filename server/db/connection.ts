import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { applyMigrations, MIGRATION_LOCK_KEY } from './migrate';
import { listenForever, type PgListener } from './pg-listener';
import * as apiKeysTables from './schema/api-keys';
import * as billingTables from './schema/billing';
import * as commissionsTables from './schema/commissions';
import * as couponsTables from './schema/coupons';
import * as currencyTables from './schema/currency';
import * as fraudTables from './schema/fraud';
import * as integrationsTables from './schema/integrations';
import * as ledgerTables from './schema/ledger';
import * as marketplaceTables from './schema/marketplace';
import * as mediaTables from './schema/media';
import * as messagingTables from './schema/messaging';
import * as notificationsTables from './schema/notifications';
import * as platformTables from './schema/platform';
import * as searchTables from './schema/search';
import * as statsTables from './schema/stats';
import * as trackingTables from './schema/tracking';
import * as usersTables from './schema/users';

/** Every table, by its export name: drizzle's relational queries (`db.query.campaigns`) read this map. */
const schema = {
  ...apiKeysTables,
  ...billingTables,
  ...commissionsTables,
  ...couponsTables,
  ...currencyTables,
  ...fraudTables,
  ...integrationsTables,
  ...ledgerTables,
  ...marketplaceTables,
  ...mediaTables,
  ...messagingTables,
  ...notificationsTables,
  ...platformTables,
  ...searchTables,
  ...statsTables,
  ...trackingTables,
  ...usersTables,
};

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
  /** PGlite only: a consistent copy of the data directory as a gzipped tar (backups) */
  dumpDataDir?: () => Promise<Uint8Array>;
  /**
   * PostgreSQL only: NOTIFY `channel` (every instance on this database hears it, this one included). PGlite
   * is one process, so it has no other instance to tell.
   */
  notify?: (channel: string, payload: string) => Promise<void>;
  /** PostgreSQL only: LISTEN on `channel` on a dedicated connection that reconnects by itself. */
  listen?: (
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect: () => void,
  ) => Promise<PgListener>;
  close(): Promise<void>;
}

/**
 * Runs `migrate` on one connection holding a session-level advisory lock, so that servers starting
 * together against one PostgreSQL migrate one after the other: the first applies the migrations, the
 * others wait, then find none pending. A connection that dies drops its lock with it.
 */
async function migrateUnderLock(
  pool: Pool,
  migrate: (client: PoolClient) => Promise<unknown>,
): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    // a connection that failed mid-migration is closed rather than reused
    client.release(broken);
  }
}

/**
 * drizzle's `transaction()` (0.45, node-postgres) sends BEGIN before the try/finally that gives its pooled
 * client back. A BEGIN that fails, as it does on a connection the server dropped while it sat idle in the
 * pool (a restart, pg_terminate_backend, a pooler closing its side), leaks the client: after `max` of those
 * every query waits for a connection that never comes (drizzle-team/drizzle-orm#6241, open). So a pooled
 * client releases itself, destroyed, when a BEGIN on it fails. Only drizzle sends BEGIN on a pooled client
 * here, and it releases nothing on that path, so no client is released twice.
 */
function releaseOnFailedBegin(client: PoolClient): void {
  const query = client.query;
  const guarded = function (this: PoolClient, ...args: unknown[]): unknown {
    const result: unknown = Reflect.apply(query, this, args);
    if (!(result instanceof Promise) || !isBegin(args[0])) return result;
    return result.catch((err: unknown) => {
      this.release(err instanceof Error ? err : new Error(String(err)));
      throw err;
    });
  };
  Object.assign(client, { query: guarded });
}

function isBegin(query: unknown): boolean {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
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
  /**
   * PGlite only: a bundle of pglite-worker.ts to run the database in, instead of the TypeScript entry through
   * tsx (which costs each database the API tests open ~0.7 s; they bundle the worker once per run).
   */
  workerBundle?: URL;
}

/** Longest wait for a PostgreSQL connection, new or from the pool, before the query fails. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Opens PGlite (embedded) or PostgreSQL and applies the one shared set of migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // a database out of reach fails a request within CONNECT_TIMEOUT_MS (answered 503) instead of holding it
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle connection the server drops (restart, admin kill) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (err) => console.warn(`postgres: idle connection lost (${err.message})`));
    // a connection lost while checked out (between the statements of a transaction) emits 'error' on its
    // client, which nothing else listens to: unheard, it would end the process. The statement under way
    // fails on its own and the pool drops the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (err) => console.warn(`postgres: connection lost (${err.message})`));
      releaseOnFailedBegin(client);
    });
    const db = drizzle({ client: pool, schema });
    await migrateUnderLock(pool, (client) => applyMigrations(drizzle({ client, schema }) as unknown as Db));
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      listen: (channel, onPayload, onReconnect) =>
        listenForever({ connectionString: options.databaseUrl }, channel, onPayload, onReconnect),
      close: () => pool.end(),
    };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { PGliteWorkerClient } = await import('./pglite-worker-client');
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  // PGlite runs in a worker thread: its queries execute synchronously and would otherwise hold up every
  // HTTP request while they run (see pglite-worker.ts)
  const client = await PGliteWorkerClient.create(options.dataDir, options.template, options.workerBundle);
  const db = drizzle({ client: client as unknown as PGlite, schema });
  // one process per data directory (PGlite locks it): no other start can migrate it meanwhile
  await applyMigrations(db as unknown as Db);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    copyFrom: (sql, data) => client.copyFrom(sql, data),
    dumpDataDir: () => client.dumpDataDir(),
    close: () => client.close(),
  };
}
