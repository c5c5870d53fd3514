import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, ROOT, TSX } from './support/processes';

/** A fresh machine's `npm start`: no NODE_ENV, SEED or DATABASE_URL unless a test gives them. */
function spawnServer(dataDir: string, port: number, env: NodeJS.ProcessEnv = {}) {
  const {
    NODE_ENV: _nodeEnv,
    SEED: _seed,
    ADMIN_EMAIL: _email,
    ADMIN_PASSWORD: _password,
    ...inherited
  } = process.env;
  return spawn(TSX, ['server/main.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: 'none',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function start(dataDir: string, port: number, env: NodeJS.ProcessEnv = {}) {
  const child = spawnServer(dataDir, port, env);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy:\n${output}`);
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

// The process entry itself: embedded database in DATA_DIR, first-start seed, graceful shutdown, restart.
describe.skipIf(Boolean(process.env.DATABASE_URL))('server/main.ts', () => {
  let dataDir = '';
  afterAll(() => (dataDir ? rm(dataDir, { recursive: true, force: true }) : undefined));

  it('seeds once, exits cleanly on SIGTERM, and keeps data and sessions across a restart', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'affilio-main-'));
    const port = await freePort();
    const first = await start(dataDir, port);
    expect(first.output()).toContain('admin@affilio.test');
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'paula@publisher.test', password: 'affilio-demo' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    expect(await stop(first.child)).toBe(0);

    const second = await start(dataDir, port);
    expect(second.output()).not.toContain('seeded these accounts');
    const me = await fetch(`http://127.0.0.1:${port}/api/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('paula@publisher.test');
    expect(await stop(second.child)).toBe(0);
    // two process starts, the first seeding the demo marketplace (90 days of traffic)
  }, 120_000);
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('server/main.ts on a production machine', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
  const newDataDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'affilio-main-'));
    dirs.push(dir);
    return dir;
  };

  it('seeds no demo with NODE_ENV=production and prints a generated admin password once', async () => {
    const port = await freePort();
    const server = await start(await newDataDir(), port, { NODE_ENV: 'production' });
    try {
      const output = server.output();
      expect(output).not.toContain('affilio-admin');
      expect(output).not.toContain('paula@publisher.test');
      const password = output.match(/admin\s+admin@affilio\.test\s+(\S+)/)?.[1];
      expect(password).toMatch(/^[\w-]{20,}$/);
      const login = (body: object) =>
        fetch(`http://127.0.0.1:${port}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await login({ email: 'admin@affilio.test', password })).status).toBe(200);
      expect((await login({ email: 'admin@affilio.test', password: 'affilio-admin' })).status).toBe(401);
      expect((await login({ email: 'paula@publisher.test', password: 'affilio-demo' })).status).toBe(401);
    } finally {
      expect(await stop(server.child)).toBe(0);
    }
  }, 120_000);

  it('refuses to start with a demo password as ADMIN_PASSWORD, naming the variable', async () => {
    const child = spawnServer(await newDataDir(), await freePort(), {
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'affilio-demo',
    });
    let output = '';
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toMatch(/ADMIN_PASSWORD/);
  }, 60_000);
});
