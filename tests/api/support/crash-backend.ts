import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Backend } from '../../bench/support/database';
import { throwawayPostgres } from '../../bench/support/postgres';

/**
 * Where a test that kills the real server keeps its data: a throwaway PostgreSQL database when DATABASE_URL
 * is set, else a PGlite data directory on disk (a kill -9 must find it again). `backend` opens an inspector
 * on it; `serverTarget` starts the server on it. Each thing made is undone by a function pushed to `cleanups`.
 */
export async function crashBackend(
  tmpPrefix: string,
  cleanups: (() => Promise<unknown>)[],
): Promise<{ backend: Backend; serverTarget: { dataDir: string } | { databaseUrl: string } }> {
  if (process.env.DATABASE_URL) {
    const pg = await throwawayPostgres();
    if (!pg.ok) throw new Error(pg.reason);
    cleanups.push(() => pg.database.close());
    return {
      backend: { kind: 'postgres', url: pg.database.url },
      serverTarget: { databaseUrl: pg.database.url },
    };
  }
  const tmp = await mkdtemp(path.join(tmpdir(), tmpPrefix));
  cleanups.push(() => rm(tmp, { recursive: true, force: true }));
  const dataDir = path.join(tmp, 'db');
  return { backend: { kind: 'pglite', dataDir }, serverTarget: { dataDir } };
}
