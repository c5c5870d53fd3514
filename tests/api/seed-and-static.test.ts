import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config';
import { DEMO_ADMIN, DEMO_PASSWORD, seedIfEmpty } from '../../server/seed/seed';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

describe('first-start seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates one admin, two advertisers and four publishers (one Danish) who can log in onboarded, once', async () => {
    const seeded = await seedIfEmpty(t.database.db, testConfig({ seed: 'demo' }));
    expect(seeded.map((a) => a.role).sort()).toEqual([
      'admin',
      'advertiser',
      'advertiser',
      'publisher',
      'publisher',
      'publisher',
      'publisher',
    ]);
    const token = await login(t, DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect((await call(t, 'GET', '/api/admin/settings', { token })).statusCode).toBe(200);
    const publisher = seeded.find((a) => a.role === 'publisher')!;
    const pubToken = await login(t, publisher.email, DEMO_PASSWORD);
    const me = await call(t, 'GET', '/api/auth/me', { token: pubToken });
    expect(me.json()).toMatchObject({ onboarding_completed: true, profile_completion_status: 'complete' });
    expect(await seedIfEmpty(t.database.db, testConfig({ seed: 'demo' }))).toEqual([]);
  });
});

describe('first admin from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('uses the given credentials, never reports the password, and seeds no demo data with SEED=none', async () => {
    const config = testConfig({
      seed: 'none',
      adminEmail: 'Ops@Company.example',
      adminPassword: 'a-real-secret-pw',
    });
    const seeded = await seedIfEmpty(t.database.db, config);
    expect(seeded).toEqual([{ role: 'admin', email: 'ops@company.example', password: null }]);
    expect(await login(t, 'ops@company.example', 'a-real-secret-pw')).toEqual(expect.any(String));
    const demo = await call(t, 'POST', '/api/auth/login', {
      payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    expect(demo.statusCode).toBe(401);
  });
});

describe('serving the built PWA', () => {
  let t: TestApp;
  let dir: string;
  let ASSET = '';
  const ASSET_TEXT = `console.log(${JSON.stringify('affilio '.repeat(500))});`;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'affilio-dist-'));
    ASSET = path.join(dir, 'assets', 'app-abc123.js');
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><title>Affilio</title><div id="root"></div>',
    );
    await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    // a hashed asset with the copies scripts/compress-dist.mjs writes at build time
    await mkdir(path.dirname(ASSET), { recursive: true });
    await writeFile(ASSET, ASSET_TEXT);
    await writeFile(`${ASSET}.br`, brotliCompressSync(ASSET_TEXT));
    await writeFile(`${ASSET}.gz`, gzipSync(ASSET_TEXT));
    t = await createTestApp({ staticDir: dir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves /sw.js as uncached JavaScript', async () => {
    const res = await call(t, 'GET', '/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers client routes, including the literal /action=create, with the app shell', async () => {
    for (const url of ['/dashboard', '/action=create', '/conversation=42', '/admin-payouts']) {
      const res = await call(t, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('sends the build-time brotli or gzip copy of a file to browsers that accept it, immutable under /assets', async () => {
    const text = ASSET_TEXT;
    const br = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(text);

    const gz = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(text);

    const plain = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);
  });

  it('compresses API answers above 1 KiB, and leaves small ones as they are', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const token = await login(t, admin.email, admin.password);
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
    const conversions = Array.from({ length: 40 }, (_, i) => ({
      amount: `${i + 1}.50`,
      from_currency: 'EUR',
      to_currency: 'USD',
    }));
    const send = (extra: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/currency/batch-convert',
        payload: { conversions },
        headers: extra,
      });
    const big = await send(headers);
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const json = brotliDecompressSync(big.rawPayload).toString();
    expect(json.length).toBeGreaterThan(1024);
    expect(big.rawPayload.length).toBeLessThan(json.length);
    expect(JSON.parse(json)).toEqual((await send({ authorization: headers.authorization })).json());

    const small = await t.app.inject({ url: '/api/health', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });

  it('keeps API misses as JSON 404s', async () => {
    const res = await call(t, 'GET', '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found' });
  });
});
