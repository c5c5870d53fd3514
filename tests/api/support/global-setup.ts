import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import type { TestProject } from 'vitest/node';
import type { Db } from '../../../server/db/connection';
import { applyMigrations } from '../../../server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated, empty PGlite data directory that every test app's database starts from. */
    apiDataTemplate: string | undefined;
  }
}

/**
 * initdb and every migration cost each in-memory test database seconds on a busy 2-core machine, and the
 * suite opens dozens: they are run once here, and each test app starts from a copy (PGlite's
 * `loadDataDir`). On PostgreSQL (DATABASE_URL) every test file still migrates its own database.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DATABASE_URL) {
    project.provide('apiDataTemplate', undefined);
    return undefined;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'affilio-api-template-'));
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await applyMigrations(drizzle({ client: pglite }) as unknown as Db);
    const dump = await pglite.dumpDataDir('none');
    const file = path.join(dir, 'migrated.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('apiDataTemplate', file);
  } finally {
    await pglite.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}
