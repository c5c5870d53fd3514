import { randomBytes } from 'node:crypto';
import { writeFile, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Db } from '../../../server/db/connection';
import { applyMigrations } from '../../../server/db/migrate';
import { SERVER_BUNDLE } from '../../support/server-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated, empty PGlite data directory that every test app's database starts from. */
    apiDataTemplate: string | undefined;
    /** PostgreSQL runs: a migrated, empty database that every test app's database is created from. */
    apiPgTemplate: string | undefined;
    /** PGlite runs: pglite-worker.ts bundled once for the run, the worker every test database runs in. */
    apiPgliteWorker: string | undefined;
  }
}

/**
 * initdb and every migration cost each in-memory test database seconds on a busy 2-core machine, and the
 * suite opens dozens: they are run once here, and each test app starts from a copy (PGlite's
 * `loadDataDir`; on PostgreSQL, `CREATE DATABASE … TEMPLATE` of a database migrated here).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    project.provide('apiDataTemplate', undefined);
    project.provide('apiPgliteWorker', undefined);
    return pgTemplate(project, adminUrl);
  }
  project.provide('apiPgTemplate', undefined);
  const dir = await mkdtemp(path.join(tmpdir(), 'affilio-api-template-'));
  project.provide('apiPgliteWorker', await bundleWorker(dir));
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

/**
 * Bundles the PGlite worker as scripts/build-server.mjs does, into `dir` (beside a link to node_modules, so its
 * packages resolve): a worker started from the TypeScript entry first loads tsx's loader, ~0.7 s of every
 * test database's start. Answers the bundle's path.
 */
async function bundleWorker(dir: string): Promise<string> {
  const root = path.resolve(import.meta.dirname, '../../..');
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const outfile = path.join(dir, 'pglite-worker.js');
  await build({
    entryPoints: [path.join(root, 'server/db/pglite-worker.ts')],
    outfile,
    ...SERVER_BUNDLE,
  });
  return outfile;
}

async function pgTemplate(project: TestProject, adminUrl: string): Promise<() => Promise<void>> {
  const { default: pg } = await import('pg');
  const name = `affilio_template_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // opening migrates it (under the migration lock), as a server's start does
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.close();
  project.provide('apiPgTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
