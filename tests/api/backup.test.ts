import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, ROOT, TSX } from './support/processes';
import { openDatabase, type Database } from '../../server/db/connection';
import { click, createTrackedLinks, pool, visitorIp, type TrackedLink } from '../bench/support/fixtures';
import { BENCH_ADMIN } from '../bench/support/server';

const ADMIN_URL = process.env.DATABASE_URL;

/** `npm run backup|restore -- file` with this environment; resolves with its exit code and output. */
function runScript(script: 'backup' | 'restore', file: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(TSX, [`server/db/${script}.ts`, file], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn(TSX, ['server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      // production turns e-mail verification on; the fixtures register publishers who apply at once
      EMAIL_VERIFICATION: 'off',
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: 'none',
      LOG_LEVEL: 'warn',
      // the fixtures that make commissions (tests/bench/support/fixtures.ts) sign in as this admin, verify
      // their website on 127.0.0.1 and send visitors' addresses in X-Forwarded-For
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      VERIFY_ALLOW_PRIVATE_NETWORKS: 'true',
      TRUST_PROXY: 'loopback',
      REGISTER_RATE_LIMIT_MAX: '10000',
      // the monthly invoicing job claims its month in app_secrets 10 s after start: when that fell between the
      // idle copy and the stop, the source had a row the copy could not have (CI under load, 4 vs 3)
      INVOICE_JOB_INTERVAL_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server not healthy:\n${output}`);
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

function register(port: number, n: number) {
  return fetch(`http://127.0.0.1:${port}/api/auth/register-simplified`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `user${n}-${randomBytes(3).toString('hex')}@backup.example`,
      password: 'quiet-lantern-42',
    }),
  });
}

/** Clicks on the link and a postback for each (a commission each; amounts differ so sums tell them apart). */
async function convert(port: number, link: TrackedLink, from: number, count: number): Promise<void> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const clickIds = await pool(
    Array.from({ length: count }, (_, i) => from + i),
    8,
    (i) => click(baseUrl, link.code, visitorIp(i)),
  );
  await pool(clickIds, 8, async (clickId, i) => {
    const res = await fetch(`${baseUrl}/api/postback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        click_id: clickId,
        order_id: `backup-${from + i}`,
        amount: `${10 + from + i}.37`,
        event: 'sale',
        secret: link.trackingSecret,
      }),
    });
    expect(res.status).toBe(201);
  });
}

/**
 * The money: each publisher's commissions by status and currency (what balances and payouts read) and each
 * campaign's spend as kept by the triggers (what budgets and the advertiser's spend read), summed exactly.
 */
async function balances(database: Database) {
  const read = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    publishers: await read(
      sql`select publisher_id, status, currency, sum(amount_minor)::text as sum, count(*)::int as n
          from commissions group by 1, 2, 3 order by 1, 2, 3`,
    ),
    advertisers: await read(
      sql`select c.advertiser_id, c.currency, sum(s.spent_minor)::text as spent
          from campaign_spend s join campaigns c on c.id = s.campaign_id group by 1, 2 order by 1, 2`,
    ),
  };
}

/** Every public table's row count, and the migrations applied. */
async function counts(database: Database): Promise<Record<string, number>> {
  const tables = (
    (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows.map((r) => r.table_name);
  const result: Record<string, number> = {};
  for (const name of [...tables, 'drizzle.__drizzle_migrations']) {
    const ident = name.includes('.') ? sql.raw(name) : sql.identifier(name);
    const { rows } = (await database.db.execute(sql`select count(*)::int as n from ${ident}`)) as unknown as {
      rows: { n: number }[];
    };
    result[name] = Number(rows[0]!.n);
  }
  return result;
}

const dirs: string[] = [];
const dropDatabases: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  if (ADMIN_URL && dropDatabases.length) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    for (const name of dropDatabases) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
});

async function newDatabaseUrl(): Promise<string> {
  const { default: pg } = await import('pg');
  const name = `affilio_backup_${randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  dropDatabases.push(name);
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

function open(place: NodeJS.ProcessEnv): Promise<Database> {
  return openDatabase(place.DATABASE_URL ? { databaseUrl: place.DATABASE_URL } : { dataDir: place.DATA_DIR });
}

describe('npm run backup / npm run restore', () => {
  it('copy a running server’s database, under writes too, and restore it into a new database with the same rows', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'affilio-backup-'));
    dirs.push(dir);
    const place = async (name: string) =>
      ADMIN_URL ? { DATABASE_URL: await newDatabaseUrl() } : { DATA_DIR: path.join(dir, name) };
    const source = await place('db');
    const port = await freePort();
    const server = await startServer(source, port);
    const underLoad = path.join(dir, 'under-load.backup');
    const idle = path.join(dir, 'idle.backup');
    try {
      for (let n = 0; n < 5; n += 1) expect((await register(port, n)).status).toBe(201);
      const { links } = await createTrackedLinks(`http://127.0.0.1:${port}`, 1);
      await convert(port, links[0]!, 0, 30);
      // registrations and conversions keep coming while this copy is taken
      let writing = true;
      const load = (async () => {
        for (let n = 100; writing; n += 1) await register(port, n);
      })();
      const converting = (async () => {
        for (let from = 1000; writing; from += 5) await convert(port, links[0]!, from, 5);
      })();
      const first = await runScript('backup', underLoad, source);
      writing = false;
      await Promise.all([load, converting]);
      expect(first.code, first.output).toBe(0);
      const second = await runScript('backup', idle, source);
      expect(second.code, second.output).toBe(0);
    } finally {
      expect(await stop(server)).toBe(0);
    }
    const sourceDb = await open(source);
    const expected = await counts(sourceDb);
    const expectedMoney = await balances(sourceDb).finally(() => sourceDb.close());
    expect(expected['users']).toBeGreaterThanOrEqual(6);
    expect(expectedMoney.publishers.length).toBeGreaterThan(0);
    expect(expectedMoney.advertisers.length).toBeGreaterThan(0);

    const target = await place('restored');
    const restore = await runScript('restore', idle, target);
    expect(restore.code, restore.output).toBe(0);
    const restored = await open(target);
    expect(await counts(restored)).toEqual(expected);
    expect(await balances(restored).finally(() => restored.close())).toEqual(expectedMoney);
    // never over an existing database
    const again = await runScript('restore', idle, target);
    expect(again.code).not.toBe(0);
    expect(again.output).toMatch(/new/);

    // the copy taken under writes opens, migrated, with the users it had by then
    const loaded = await place('restored-under-load');
    expect((await runScript('restore', underLoad, loaded)).code).toBe(0);
    const copy = await open(loaded);
    const copied = await counts(copy);
    // a consistent snapshot: the spend kept by the triggers equals the commissions it had by then
    const copiedMoney = await balances(copy).finally(() => copy.close());
    const spent = copiedMoney.advertisers.reduce((sum, row) => sum + BigInt(row.spent as string), 0n);
    const committed = copiedMoney.publishers.reduce((sum, row) => sum + BigInt(row.sum as string), 0n);
    expect(spent).toBe(committed);
    expect(committed).toBeGreaterThan(0n);
    expect(copied['users']).toBeGreaterThanOrEqual(6);
    expect(copied['users']).toBeLessThanOrEqual(expected['users']!);
    expect(copied['drizzle.__drizzle_migrations']).toBe(expected['drizzle.__drizzle_migrations']);
  }, 300_000);
});
