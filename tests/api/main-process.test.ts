import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function start(dataDir: string, port: number) {
  const child = spawn(TSX, ['server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: 'none',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
