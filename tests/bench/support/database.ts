import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** Where a server keeps its data: a PGlite directory or a PostgreSQL database. */
export type Backend = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface Inspector {
  rows<T>(sql: string, params?: unknown[]): Promise<T[]>;
  count(sql: string, params?: unknown[]): Promise<number>;
  close(): Promise<void>;
}

/**
 * Reads the database directly, not through the app. A PGlite directory can be opened by one process
 * at a time: stop (or kill) its server first — opening it after a SIGKILL is crash recovery.
 */
export async function openInspector(backend: Backend): Promise<Inspector> {
  let rows: <T>(sql: string, params?: unknown[]) => Promise<T[]>;
  let close: () => Promise<void>;
  if (backend.kind === 'pglite') {
    const db = await PGlite.create(backend.dataDir, { extensions: { pg_trgm } });
    rows = async <T>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params)).rows;
    close = () => db.close();
  } else {
    const client = new pg.Client({ connectionString: backend.url });
    await client.connect();
    rows = async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[];
    close = () => client.end();
  }
  return {
    rows,
    async count(sql, params) {
      const [row] = await rows<{ n: number | string }>(sql, params);
      return Number(row?.n ?? 0);
    },
    close,
  };
}

/** PostgreSQL: `COPY … FROM STDIN` of `lines` (text format) on a connection of its own. */
export async function copyIn(url: string, sql: string, lines: Iterable<string>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await pipeline(Readable.from(lines), client.query(copyFrom(sql)));
  } finally {
    await client.end();
  }
}
