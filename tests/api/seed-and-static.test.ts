import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config';
import { DEMO_ADMIN, DEMO_PASSWORD, seedIfEmpty } from '../../server/db/seed';
import { call, createTestApp, login, type TestApp } from './support/test-app';

describe('first-start seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates one admin, two advertisers and three publishers who can log in onboarded, once', async () => {
    const seeded = await seedIfEmpty(t.database.db, testConfig({ seed: 'demo' }));
    expect(seeded.map((a) => a.role).sort()).toEqual([
      'admin',
      'advertiser',
      'advertiser',
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
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'affilio-dist-'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><title>Affilio</title><div id="root"></div>',
    );
    await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
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

  it('keeps API misses as JSON 404s', async () => {
    const res = await call(t, 'GET', '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found' });
  });
});
