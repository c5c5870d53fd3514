import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

// Pooled connections the server dropped while they sat idle (a restart, pg_terminate_backend, a pooler closing
// its side): transactions started on them fail, and must give their connection back. drizzle's transaction()
// sent BEGIN outside its try/finally, so each failed BEGIN kept a connection checked out for good; after the
// pool's size of them every query waited for a connection (server/db/connection.ts, releaseOnFailedBegin).
const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) console.log('pool-dead-connections.test.ts skipped: DATABASE_URL is unset (a PostgreSQL pool)');

const POOL_MAX = 10; // server/db/connection.ts

let t: TestApp;
let pool: Pool;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  pool = (t.database.db as unknown as { $client: Pool }).$client;
});

afterAll(async () => {
  if (t) await t.close();
});

/**
 * Ends every other backend on the test database from another process, with this one's event loop blocked
 * meanwhile: the pool's idle clients have not yet read that their connection is gone when the next
 * transactions take them (what happens when a request arrives just after the server dropped them).
 */
function terminateBackendsBlocking(databaseUrl: string): number {
  const script = `
    const pg = require('pg');
    const c = new pg.Client({ connectionString: process.argv[1] });
    c.connect()
      .then(() => c.query(
        'select count(pg_terminate_backend(pid, 5000))::int as n from pg_stat_activity ' +
        'where datname = current_database() and pid <> pg_backend_pid()'))
      .then((r) => { process.stdout.write(String(r.rows[0].n)); return c.end(); })
      .catch((e) => { console.error(e); process.exit(1); });`;
  return Number(execFileSync(process.execPath, ['-e', script, databaseUrl], { encoding: 'utf8' }));
}

const transactionOnce = () => t.database.db.transaction(async (tx) => tx.execute(sql`select 1`));

describe.skipIf(!onPostgres)('transactions on connections the server dropped', () => {
  it('give the connections back: after more failures than the pool holds, transactions still run', async () => {
    let failed = 0;
    for (let round = 0; round < 3; round++) {
      // fill the pool with idle connections, then end them all behind its back
      await Promise.all(Array.from({ length: POOL_MAX }, () => pool.query('select pg_sleep(0.05)')));
      expect(pool.idleCount).toBe(POOL_MAX);
      expect(terminateBackendsBlocking(t.databaseUrl!)).toBeGreaterThanOrEqual(POOL_MAX);
      const results = await Promise.allSettled(Array.from({ length: POOL_MAX }, transactionOnce));
      failed += results.filter((r) => r.status === 'rejected').length;
    }
    // the dead connections were handed out and their BEGIN failed, more of them than the pool holds
    expect(failed).toBeGreaterThan(POOL_MAX);

    // every connection came back: the pool runs a full load of transactions at once, well within the 5 s it
    // waits for a free connection before giving up
    const started = Date.now();
    const after = await Promise.allSettled(Array.from({ length: POOL_MAX * 2 }, transactionOnce));
    expect(after.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(pool.totalCount).toBeLessThanOrEqual(POOL_MAX);
    expect(pool.waitingCount).toBe(0);
  });
});
