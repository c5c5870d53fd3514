import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t, { role: 'admin' });
  adminToken = await login(t, admin.email, admin.password);
});
afterAll(() => t.close());

describe('GET /api/admin/settings', () => {
  it('gives admins the platform settings with their defaults', async () => {
    const res = await call(t, 'GET', '/api/admin/settings', { token: adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      default_currency: 'USD',
      platform_fee_bps: 1000,
      min_payout_minor: 5000,
      hold_days: 30,
      registration_requires_approval: false,
      max_upload_bytes: 10 * 1024 * 1024,
    });
  });

  it.each(['advertiser', 'publisher'] as const)('refuses a %s with 403', async (role) => {
    const u = await createUser(t, { role });
    const res = await call(t, 'GET', '/api/admin/settings', { token: await login(t, u.email, u.password) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Admin access required' });
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await call(t, 'GET', '/api/admin/settings')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/outbox', () => {
  it('lists sent mail for admins only', async () => {
    const u = await createUser(t, { role: 'publisher' });
    await call(t, 'POST', '/api/auth/forgot-password', { payload: { email: u.email } });
    const res = await call(t, 'GET', '/api/admin/outbox', { token: adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ to: u.email, subject: 'Reset your Affilio password' });
    const denied = await call(t, 'GET', '/api/admin/outbox', { token: await login(t, u.email, u.password) });
    expect(denied.statusCode).toBe(403);
  });
});

describe('API basics', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await call(t, 'GET', '/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found' });
  });

  it('publishes an OpenAPI document listing the auth routes', async () => {
    const res = await call(t, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/register-simplified',
      '/api/auth/me',
      '/api/auth/complete-profile',
      '/api/auth/profile',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/admin/settings',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
