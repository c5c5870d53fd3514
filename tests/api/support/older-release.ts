import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll } from 'vitest';
import { openDatabase, type Database, type Db } from '../../../server/db/connection';

// A database as an older release left it, for the upgrade tests: migrations.test.ts, partitions.test.ts.

export const ADMIN_URL = process.env.DATABASE_URL;
export const MIGRATIONS = readMigrationFiles({
  migrationsFolder: fileURLToPath(new URL('../../../server/db/migrations', import.meta.url)),
});

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * What an older release left: the first `count` migrations applied, with drizzle-kit's bookkeeping, a user
 * in it, and whatever `fill` writes then.
 */
async function migrateLikeAnOlderRelease(db: Db, count: number, fill?: (db: Db) => Promise<void>): Promise<void> {
  await db.execute(sql`create schema drizzle`);
  await db.execute(
    sql`create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  await db.transaction(async (tx) => {
    for (const migration of MIGRATIONS.slice(0, count)) {
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
  await db.execute(
    sql`insert into users (email, password_hash, role, name, status) values ('kept@upgrade.example', 'x', 'publisher', 'Kept', 'active')`,
  );
  await fill?.(db);
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A scratch place for one database: a PGlite data directory, or a new database on the test PostgreSQL. */
export async function scratch(): Promise<{
  open: () => Promise<Database>;
  older: (count: number, fill?: (db: Db) => Promise<void>) => Promise<void>;
}> {
  if (ADMIN_URL) {
    const { default: pg } = await import('pg');
    const name = `affilio_migrate_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return {
      open: () => openDatabase({ databaseUrl: url.toString() }),
      older: async (count, fill) => {
        const { drizzle } = await import('drizzle-orm/node-postgres');
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        try {
          await migrateLikeAnOlderRelease(drizzle({ client }) as unknown as Db, count, fill);
        } finally {
          await client.end();
        }
      },
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'affilio-migrate-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return {
    open: () => openDatabase({ dataDir }),
    older: async (count, fill) => {
      const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
      try {
        await migrateLikeAnOlderRelease(drizzlePglite({ client: pglite }) as unknown as Db, count, fill);
      } finally {
        await pglite.close();
      }
    },
  };
}

