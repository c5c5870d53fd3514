import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../e2e/support/server';

const run = promisify(execFile);

export interface ThrowawayDatabase {
  /** postgres://… of a fresh, empty database */
  url: string;
  /** where it lives, for the report */
  description: string;
  /** drops the database (and stops a cluster this helper started) */
  close(): Promise<void>;
}

export type PostgresResult = { ok: true; database: ThrowawayDatabase } | { ok: false; reason: string };

async function createDatabaseOn(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `affilio_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function findPgBin(): Promise<string | null> {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = (await readdir(base)).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(base, v, 'bin');
    if (['initdb', 'pg_ctl', 'postgres'].every((f) => existsSync(path.join(bin, f)))) return bin;
  }
  return null;
}

/**
 * A throwaway cluster like .ci/run starts one (initdb + pg_ctl, loopback only, a private socket dir),
 * run as the `postgres` user when we are root. Durability settings are PostgreSQL's defaults, so the
 * figures include a real commit.
 */
async function startLocalCluster(): Promise<ThrowawayDatabase | string> {
  const bin = await findPgBin();
  if (!bin) return 'no DATABASE_URL and no PostgreSQL binaries under /usr/lib/postgresql';
  const root = userInfo().uid === 0;
  const dir = await mkdtemp(path.join(tmpdir(), 'affilio-bench-pg-'));
  const asPg = (cmd: string, args: string[]) =>
    root
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args])
      : run(path.join(bin, cmd), args);
  try {
    if (root) {
      await chown(
        dir,
        Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
        Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
      );
    }
    await chmod(dir, 0o700);
    const data = path.join(dir, 'data');
    await asPg('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    const port = await freePort();
    await asPg('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`,
      'start',
    ]);
    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const { url, drop } = await createDatabaseOn(adminUrl);
    const version = (await run(path.join(bin, 'postgres'), ['--version'])).stdout.trim();
    return {
      url,
      description: `throwaway local cluster (${version}, default durability settings)`,
      close: async () => {
        await drop().catch(() => undefined);
        await asPg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await asPg('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop']).catch(
      () => undefined,
    );
    await rm(dir, { recursive: true, force: true });
    const detail =
      err instanceof Error ? (err as Error & { stderr?: string }).stderr || err.message : String(err);
    return `could not start a local PostgreSQL: ${detail.trim().split('\n')[0]}`;
  }
}

/** A fresh database on DATABASE_URL's server, else on a local cluster started for the run, else why not. */
export async function throwawayPostgres(): Promise<PostgresResult> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    try {
      const { url, drop } = await createDatabaseOn(adminUrl);
      return { ok: true, database: { url, description: 'a fresh database on DATABASE_URL', close: drop } };
    } catch (err) {
      return { ok: false, reason: `DATABASE_URL is set but unusable: ${(err as Error).message}` };
    }
  }
  const started = await startLocalCluster();
  return typeof started === 'string' ? { ok: false, reason: started } : { ok: true, database: started };
}
