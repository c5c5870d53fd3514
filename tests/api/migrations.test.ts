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
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../server/db/connection';
import { pendingMigrations } from '../../server/db/migrate';

const ADMIN_URL = process.env.DATABASE_URL;
const MIGRATIONS = readMigrationFiles({
  migrationsFolder: fileURLToPath(new URL('../../server/db/migrations', import.meta.url)),
});

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What an older release left: the first `count` migrations applied, with drizzle-kit's bookkeeping. */
async function migrateLikeAnOlderRelease(db: Db, count: number): Promise<void> {
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
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A scratch place for one database: a PGlite data directory, or a new database on the test PostgreSQL. */
async function scratch(): Promise<{
  open: () => Promise<Database>;
  older: (count: number) => Promise<void>;
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
      older: async (count) => {
        const { drizzle } = await import('drizzle-orm/node-postgres');
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        try {
          await migrateLikeAnOlderRelease(drizzle({ client }) as unknown as Db, count);
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
    older: async (count) => {
      const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
      try {
        await migrateLikeAnOlderRelease(drizzlePglite({ client: pglite }) as unknown as Db, count);
      } finally {
        await pglite.close();
      }
    },
  };
}

describe('migrations at start', () => {
  it('upgrade a database an older release left at migration 0019, keeping its data', async () => {
    const place = await scratch();
    // 0019's journal `when` is later than 0020's: a migrator going by the last `when` skips 0020
    await place.older(20);
    const database = await place.open();
    try {
      expect(await pendingMigrations(database.db)).toEqual([]);
      const [fk] = await rows<{ found: boolean }>(
        database.db,
        sql`select to_regproc('fk_missing_parent') is not null as found`,
      );
      expect(fk?.found).toBe(true);
      const kept = await rows<{ name: string }>(
        database.db,
        sql`select name from users where email = 'kept@upgrade.example'`,
      );
      expect(kept).toEqual([{ name: 'Kept' }]);
      const [count] = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(count?.n).toBe(MIGRATIONS.length);
    } finally {
      await database.close();
    }
  }, 120_000);

  it.skipIf(!ADMIN_URL)(
    'run once when two servers start together on one PostgreSQL',
    async () => {
      const place = await scratch();
      const [first, second] = await Promise.all([place.open(), place.open()]);
      try {
        const [count] = await rows<{ n: number; distinct: number }>(
          first.db,
          sql`select count(*)::int as n, count(distinct created_at)::int as distinct from drizzle.__drizzle_migrations`,
        );
        expect(count).toEqual({ n: MIGRATIONS.length, distinct: MIGRATIONS.length });
        expect(await pendingMigrations(second.db)).toEqual([]);
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    },
    120_000,
  );
});
