import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { executeRows, type Db } from './connection';

const dialect = new PgDialect();

/** node-postgres under Drizzle's `db` or `tx`, when that is what runs it */
function postgresClientOf(db: Db): pg.Pool | pg.ClientBase | null {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Pool || client instanceof pg.Client ? client : null;
}

/**
 * Runs a statement whose text never changes by `name` on PostgreSQL: each connection parses it once and, after a
 * few runs, plans it once (node-postgres sends everything else unnamed: parsed and planned every time). For a
 * large statement on a hot path (the fraud rules' reads: ~1 ms of planning for ~0.5 ms of work per batch). On
 * PGlite the worker client names every statement it sees twice (pglite-statements.ts), so this is `executeRows`.
 * The name must belong to this one text for the life of the process.
 */
export async function executeNamedRows<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const client = postgresClientOf(db);
  if (!client) return executeRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query({ name, text, values: params });
  return result.rows as T[];
}
