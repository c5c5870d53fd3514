import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pendingMigrations } from '../../server/db/migrate';
import { ADMIN_URL, MIGRATIONS, rows, scratch } from './support/older-release';

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
