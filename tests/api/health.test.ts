import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connection';
import { queryRows } from './support/raw-sql';
import { call, createTestApp, type TestApp } from './support/test-app';

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answer 200 with the database kind when the database answers and is migrated', async () => {
    const health = await call(t, 'GET', '/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: t.database.kind });
    const ready = await call(t, 'GET', '/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: t.database.kind, pending_migrations: 0 });
  });

  it('answers 503 from /api/ready while a migration is not applied', async () => {
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t,
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at`,
    );
    try {
      const ready = await call(t, 'GET', '/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not_ready', pending_migrations: 1 });
      expect(ready.json().detail).toMatch(/1 database migration/);
      // the process and its database still answer: not a reason to restart it
      expect((await call(t, 'GET', '/api/health')).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await call(t, 'GET', '/api/ready')).statusCode).toBe(200);
  });
});

describe('health without a database', () => {
  it('answers 503 from both once the database is gone', async () => {
    // its own embedded database, closed under a running app
    const database = await openDatabase({ template: inject('apiDataTemplate') });
    const app = await buildApp({ config: testConfig(), database });
    await app.ready();
    await database.close();
    try {
      const health = await app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'unavailable', detail: 'The database does not answer' });
      const ready = await app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not_ready' });
    } finally {
      await app.close();
    }
    // on a PostgreSQL run there is no migrated PGlite template: this one migrates from scratch
  }, 90_000);
});
