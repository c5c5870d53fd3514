import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../../server/db/connection';
import { rebuildLinkDailyStats } from '../../../server/db/link-rollups';
import { rebuildDailyStats } from '../../../server/db/rollups';
import { backfillLedger } from '../../../server/modules/ledger/service';

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

/**
 * PostgreSQL: what `npm run rollups:rebuild -- from to` does (daily_stats, whose triggers keep daily_totals, then
 * link_daily_stats, each in one transaction), on a connection of its own with room to aggregate tens of millions
 * of rows in memory (work_mem for this session only; the rows written do not depend on it).
 */
export async function rebuildRollups(
  url: string,
  from: string,
  to: string,
): Promise<{ dailyStats: number; linkDailyStats: number }> {
  const pool = new pg.Pool({ connectionString: url, max: 1, options: '-c work_mem=256MB' });
  try {
    const db = drizzle({ client: pool }) as unknown as Db;
    const dailyStats = await rebuildDailyStats(db, from, to);
    const linkDailyStats = await rebuildLinkDailyStats(db, from, to);
    return { dailyStats, linkDailyStats };
  } finally {
    await pool.end();
  }
}

/**
 * Bulk-loaded commissions have no ledger yet: the server's first start would chain every publisher's history
 * before taking requests (as after an upgrade from a release before the ledger). Done here instead, by the
 * same code, so it is timed as its own phase and the server starts as usual. Answers the publishers chained
 * and the ledger's entries after.
 */
export async function buildLedgers(url: string): Promise<{ publishers: number; entries: number }> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const db = drizzle({ client: pool }) as unknown as Db;
    const publishers = await backfillLedger(db);
    const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM ledger_entries');
    return { publishers, entries: Number(rows[0]!.n) };
  } finally {
    await pool.end();
  }
}
