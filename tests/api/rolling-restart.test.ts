import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config';
import { clicks, conversions } from '../../server/db/schema/tracking';
import { builtServer } from '../bench/support/server';
import { freePort, ROOT } from './support/processes';
import { createTestApp, type TestApp } from './support/test-app';
import { approvedLink, BROWSER_UA, party, type LinkFixture, type Party } from './support/tracking-fixtures';

// A rolling restart behind a real reverse proxy: nginx (Debian's) in front of two server processes on one
// PostgreSQL, one of them restarted (SIGTERM, wait, start again) during a steady 200 req/s of clicks,
// postbacks and API reads. Every request must succeed and every click and acknowledged conversion be stored.
const onPostgres = Boolean(process.env.DATABASE_URL);
const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(
  (p) => spawnSync(p, ['-v'], { stdio: 'ignore' }).status === 0,
);
const skipReason = !onPostgres
  ? 'DATABASE_URL is unset (two instances need PostgreSQL)'
  : !nginxBin
    ? 'nginx is not installed (apt-get install nginx)'
    : null;
if (skipReason) console.log(`rolling-restart.test.ts skipped: ${skipReason}`);

const RATE = 200; // requests per second, all kinds together
// at least this long, and until the restarted instance has served for AFTER_RESTART_MS (a start takes 3–5 s
// on an idle machine, tens of seconds on a crowded one)
const DURATION_MS = 20_000;
const RESTART_AT_MS = 5_000;
const AFTER_RESTART_MS = 4_000;
const MAX_DURATION_MS = 90_000;
const JWT_SECRET = testConfig().jwtSecret!;

/**
 * The proxy as docs/production.md shows it. Postbacks are POSTs: nginx retries a request it
 * already sent to an instance that went away only with `non_idempotent`, which is safe here because a
 * postback is idempotent on its order_id (a repeat answers the first conversion with `duplicate: true` and
 * stores nothing; tests/api/tracking-postback.test.ts).
 */
function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `
worker_processes 1;
worker_rlimit_nofile 20000;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  log_format proxied '$msec $status $upstream_addr $upstream_status $request_method $uri';
  access_log ${dir}/access.log proxied;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream affilio {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://affilio;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # an instance going away refuses or drops the connection, or answers 503 while closing: try the other;
      # non_idempotent: postbacks are idempotent on order_id, so a retried POST stores nothing twice
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`;
}

interface Instance {
  port: number;
  child: ChildProcess;
  output: () => string;
}

async function startInstance(databaseUrl: string, port: number): Promise<Instance> {
  const { NODE_ENV: _env, SEED: _seed, ...inherited } = process.env;
  // the esbuild bundle, as `npm start` runs it: it starts in a fraction of tsx's time
  const child = spawn(process.execPath, [await builtServer()], {
    cwd: ROOT,
    env: {
      ...inherited,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: 'none',
      LOG_LEVEL: 'warn',
      SEED: 'none',
      JWT_SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited early:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`, {
      signal: AbortSignal.timeout(2_000),
    }).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { port, child, output: () => output };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`instance on ${port} not ready within 60 s:\n${output}`);
}

function stopInstance(instance: Instance): Promise<number | null> {
  const { child } = instance;
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

let t: TestApp;
let link: LinkFixture;
let reader: Party;
let dir = '';
let nginx: ChildProcess | undefined;
const instances: Instance[] = [];

beforeAll(async () => {
  if (skipReason) return;
  t = await createTestApp();
  const [adv, pub] = await Promise.all([party(t, 'advertiser'), party(t, 'publisher')]);
  link = await approvedLink(t, adv, pub);
  reader = pub;
}, 60_000);

afterAll(async () => {
  await Promise.all(instances.map(stopInstance));
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  }
  if (dir) await rm(dir, { recursive: true, force: true });
  await t?.close();
}, 60_000);

type Kind = 'click' | 'postback' | 'read';

describe.skipIf(skipReason !== null)('rolling restart behind nginx', () => {
  it('restarts one of two instances under 200 req/s: no failed request, no lost click or conversion', async () => {
    const databaseUrl = t.databaseUrl!;
    const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
    const booting = performance.now();
    const [a, b] = await Promise.all([startInstance(databaseUrl, portA), startInstance(databaseUrl, portB)]);
    console.log(
      `rolling restart: two instances ready in ${((performance.now() - booting) / 1000).toFixed(1)} s`,
    );
    instances.push(a, b);

    dir = await mkdtemp(path.join(os.tmpdir(), 'affilio-nginx-'));
    // nginx started as root runs its workers as nobody: they must reach the temp directories in here
    await chmod(dir, 0o755);
    await writeFile(path.join(dir, 'nginx.conf'), nginxConfig(dir, proxyPort, [portA, portB]));
    nginx = spawn(
      nginxBin!,
      ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    const proxy = `http://127.0.0.1:${proxyPort}`;
    for (
      let i = 0;
      !(await fetch(`${proxy}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    ) {
      if (i > 100 || nginx.exitCode !== null) throw new Error('nginx did not start');
      await new Promise((r) => setTimeout(r, 50));
    }

    const clickIds: string[] = [];
    // clicks not yet converted, oldest first. An instance keeps a click in its buffer up to CLICK_FLUSH_MS
    // (250 ms) before writing it; a postback reaching the other instance in that time would not find the
    // click. A real sale comes seconds to days after its click: convert clicks at least 2 s old.
    const unconverted: { clickId: string; at: number }[] = [];
    const convertible = () => unconverted.length > 0 && Date.now() - unconverted[0]!.at >= 2_000;
    const ackedOrders: string[] = [];
    const failures: string[] = [];
    const counts: Record<Kind, number> = { click: 0, postback: 0, read: 0 };
    let inFlight = 0;
    let maxInFlight = 0;
    let orderSeq = 0;

    const fail = (kind: Kind, what: string): void => {
      failures.push(`${kind}: ${what}`);
    };
    const one = async (kind: Kind) => {
      counts[kind] += 1;
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        if (kind === 'click') {
          const res = await fetch(`${proxy}/t/${link.code}`, {
            redirect: 'manual',
            headers: { 'user-agent': BROWSER_UA },
          });
          await res.arrayBuffer();
          const location = res.headers.get('location');
          const clickId = location ? new URL(location).searchParams.get('click_id') : null;
          if (res.status !== 302 || !clickId) return fail(kind, `${res.status} ${location}`);
          clickIds.push(clickId);
          unconverted.push({ clickId, at: Date.now() });
        } else if (kind === 'postback') {
          const clickId = unconverted.shift()!.clickId;
          orderSeq += 1;
          const orderId = `rolling-${orderSeq}`;
          const res = await fetch(`${proxy}/api/postback`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              click_id: clickId,
              order_id: orderId,
              amount: '25.00',
              secret: link.campaign.tracking_secret,
            }),
          });
          const body = await res.text();
          if (res.status !== 201 && res.status !== 200) return fail(kind, `${res.status} ${body}`);
          ackedOrders.push(orderId);
        } else {
          const res = await fetch(`${proxy}/api/campaigns/${link.campaign.id}`, {
            headers: { authorization: `Bearer ${reader.token}` },
          });
          const body = await res.text();
          if (res.status !== 200) return fail(kind, `${res.status} ${body.slice(0, 200)}`);
        }
      } catch (err) {
        fail(kind, String((err as Error).cause ?? err));
      } finally {
        inFlight -= 1;
      }
    };

    // The mix per 4 requests: 2 clicks, 1 postback (on a click made at least 2 s earlier), 1 API read. In the
    // first 2 s there is no such click yet: those postbacks are reads instead.
    const pattern: Kind[] = ['click', 'read', 'click', 'postback'];
    const pending = new Set<Promise<void>>();
    let sent = 0;
    let lateTicks = 0;
    let nextReport = 5000;
    const started = performance.now();
    let restartTook = 0;
    let restartedAt = 0;
    let restartFailed: unknown = null;
    const restart = (async () => {
      await new Promise((r) => setTimeout(r, RESTART_AT_MS));
      console.log(
        `rolling restart: SIGTERM to instance A at ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const t0 = performance.now();
      expect(await stopInstance(a)).toBe(0);
      console.log(
        `rolling restart: instance A exited at ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const again = await startInstance(databaseUrl, portA);
      instances[0] = again;
      restartTook = performance.now() - t0;
      restartedAt = Date.now();
      console.log(
        `rolling restart: instance A ready again at ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    })().catch((err: unknown) => {
      restartFailed = err;
    });

    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const elapsed = performance.now() - started;
        const due = Math.floor((elapsed / 1000) * RATE);
        // a tick that finds more than 20 ms of requests due: the generator fell behind its pace
        if (due - sent > RATE / 50) lateTicks += 1;
        for (; sent < due; sent++) {
          let kind = pattern[sent % pattern.length]!;
          if (kind === 'postback' && !convertible()) kind = 'read';
          const p = one(kind);
          pending.add(p);
          void p.finally(() => pending.delete(p));
        }
        const restartedFor = restartedAt ? Date.now() - restartedAt : 0;
        if (elapsed >= nextReport) {
          nextReport += 5000;
          console.log(
            `rolling restart: ${(elapsed / 1000).toFixed(0)} s, ${sent} sent, ${pending.size} in flight, ${failures.length} failed`,
          );
        }
        const over = elapsed >= DURATION_MS && restartedFor >= AFTER_RESTART_MS;
        if (over || restartFailed || elapsed >= MAX_DURATION_MS) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });
    const sendingTook = performance.now() - started;
    await Promise.all(pending);
    await restart;
    if (restartFailed) throw restartFailed;
    const rate = sent / (sendingTook / 1000);
    console.log(
      `rolling restart: ${sent} requests in ${(sendingTook / 1000).toFixed(1)} s = ${rate.toFixed(0)} req/s ` +
        `(target ${RATE}; ${lateTicks} generator ticks behind pace, at most ${maxInFlight} in flight: not capped ` +
        `by the generator) — ${counts.click} clicks, ${counts.postback} postbacks, ${counts.read} API reads; ` +
        `instance A down and back ready in ${(restartTook / 1000).toFixed(1)} s; failed: ${failures.length}`,
    );
    // what nginx saw go wrong, one line per second, message and instance
    const errors = new Map<string, number>();
    for (const line of (await readFile(path.join(dir, 'error.log'), 'utf8')).split('\n')) {
      const m =
        /^\S+ (\d\d:\d\d:\d\d) \[(\w+)\] \S+ (?:\*\d+ )?([^,]*).*?(?:upstream: "http:\/\/[\d.]+:(\d+))?/.exec(
          line,
        );
      if (!m) continue;
      const port = line.match(/upstream: "http:\/\/[\d.]+:(\d+)/)?.[1];
      const key = `${m[1]} ${m[2]} ${m[3]}${port ? ` (${port === String(portA) ? 'A' : 'B'})` : ''}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
    }
    if (errors.size > 0) {
      console.log(`nginx error.log:\n${[...errors].map(([k, n]) => `  ${n} × ${k}`).join('\n')}`);
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(rate).toBeGreaterThan(RATE * 0.95);
    expect(restartedAt).toBeGreaterThan(0);

    // the restarted instance takes traffic again (the proxy's log names the instance of each request)
    const log = (await readFile(path.join(dir, 'access.log'), 'utf8')).trim().split('\n');
    const servedByNewA = log.filter((line) => {
      const [msec, , upstream] = line.split(' ');
      return Number(msec) * 1000 > restartedAt && upstream?.endsWith(`:${portA}`);
    }).length;
    const retried = log.filter((line) => line.split(' ')[2]?.includes(',')).length;
    console.log(
      `rolling restart: ${retried} requests retried on the other instance by nginx, ${servedByNewA} served by the restarted instance`,
    );

    // stopping both instances writes the clicks they still buffer
    await Promise.all(instances.map(stopInstance));
    const stored = new Set<string>();
    for (let i = 0; i < clickIds.length; i += 1000) {
      const rows = await t.database.db
        .select({ id: clicks.id })
        .from(clicks)
        .where(inArray(clicks.id, clickIds.slice(i, i + 1000)));
      for (const r of rows) stored.add(r.id);
    }
    expect(clickIds.filter((id) => !stored.has(id))).toEqual([]);
    const orders = new Set<string>();
    for (let i = 0; i < ackedOrders.length; i += 1000) {
      const rows = await t.database.db
        .select({ orderId: conversions.orderId })
        .from(conversions)
        .where(inArray(conversions.orderId, ackedOrders.slice(i, i + 1000)));
      for (const r of rows) orders.add(r.orderId);
    }
    expect(ackedOrders.filter((o) => !orders.has(o))).toEqual([]);
    expect(counts.postback).toBeGreaterThan(500);
  }, 240_000);
});
