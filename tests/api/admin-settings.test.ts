import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema/platform';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

let t: TestApp;
let adminToken: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t, { role: 'admin' });
  adminId = admin.id;
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

const getSettings = async () => (await call(t, 'GET', '/api/admin/settings', { token: adminToken })).json();
const putSettings = (payload: unknown, token = adminToken) =>
  call(t, 'PUT', '/api/admin/settings', { token, payload });

describe('PUT /api/admin/settings', () => {
  it('updates any subset of the fields, keeps the rest, and audit-logs only what changed', async () => {
    const before = await getSettings();
    const res = await putSettings({
      ...before,
      default_currency: 'EUR',
      platform_fee_bps: 1250,
      hold_days: 14,
      rates_provider_url: 'https://rates.example/eurofxref-daily.xml',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      default_currency: 'EUR',
      platform_fee_bps: 1250,
      hold_days: 14,
      min_payout_minor: before.min_payout_minor,
      max_upload_bytes: before.max_upload_bytes,
      rates_provider_url: 'https://rates.example/eurofxref-daily.xml',
    });
    expect(await getSettings()).toEqual(res.json());

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.updated'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({
      actorId: adminId,
      entityType: 'settings',
      before: {
        default_currency: before.default_currency,
        platform_fee_bps: 1000,
        hold_days: 30,
        rates_provider_url: null,
      },
      after: {
        default_currency: 'EUR',
        platform_fee_bps: 1250,
        hold_days: 14,
        rates_provider_url: 'https://rates.example/eurofxref-daily.xml',
      },
    });

    const partial = await putSettings({ min_payout_minor: 2500, rates_provider_url: '' });
    expect(partial.json()).toMatchObject({
      default_currency: 'EUR',
      min_payout_minor: 2500,
      rates_provider_url: null,
    });
    await putSettings({
      default_currency: 'USD',
      platform_fee_bps: 1000,
      hold_days: 30,
      min_payout_minor: 5000,
    });
  });

  it('writes no audit entry when nothing changes', async () => {
    const count = async () =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.updated'))).length;
    const n = await count();
    const same = await putSettings(await getSettings());
    expect(same.statusCode).toBe(200);
    expect(await count()).toBe(n);
  });

  it.each([
    ['default_currency', 'XYZ'],
    ['platform_fee_bps', 10_001],
    ['platform_fee_bps', -1],
    ['platform_fee_bps', 2.5],
    ['min_payout_minor', -100],
    ['hold_days', 366],
    ['registration_requires_approval', 'yes'],
    ['max_upload_bytes', 1023],
    ['max_upload_bytes', 100 * 1024 * 1024 + 1],
    ['rates_provider_url', 'ftp://rates.example/x.xml'],
    ['rates_provider_url', 'not a url'],
  ])('refuses %s = %j with 422 naming the field, and changes nothing', async (field, value) => {
    const before = await getSettings();
    const res = await putSettings({ hold_days: 7, [field]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(res.json().detail).toContain(field);
    expect(await getSettings()).toEqual(before);
  });

  it('accepts the bounds themselves', async () => {
    const res = await putSettings({
      platform_fee_bps: 10_000,
      hold_days: 0,
      max_upload_bytes: 1024,
      min_payout_minor: 0,
    });
    expect(res.statusCode).toBe(200);
    const max = await putSettings({
      platform_fee_bps: 0,
      hold_days: 365,
      max_upload_bytes: 100 * 1024 * 1024,
    });
    expect(max.statusCode).toBe(200);
    await putSettings({
      platform_fee_bps: 1000,
      hold_days: 30,
      max_upload_bytes: 10 * 1024 * 1024,
      min_payout_minor: 5000,
    });
  });

  it('refuses anonymous callers (401), advertisers and publishers (403), and changes nothing', async () => {
    const before = await getSettings();
    expect((await call(t, 'PUT', '/api/admin/settings', { payload: { hold_days: 1 } })).statusCode).toBe(401);
    for (const role of ['advertiser', 'publisher'] as const) {
      const u = await createUser(t, { role });
      const res = await putSettings({ hold_days: 1 }, await login(t, u.email, u.password));
      expect(res.statusCode).toBe(403);
    }
    expect(await getSettings()).toEqual(before);
  });

  it('with registration approval on, a new account waits until an admin approves it', async () => {
    await putSettings({ registration_requires_approval: true });
    const email = 'waiting-pub@example.com';
    const reg = await call(t, 'POST', '/api/auth/register-simplified', {
      payload: { email, password: 'pending-password', role: 'publisher' },
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().user.status).toBe('pending');
    const refused = await call(t, 'POST', '/api/auth/login', {
      payload: { email, password: 'pending-password' },
    });
    expect(refused.statusCode).toBe(403);
    const approved = await call(t, 'POST', `/api/admin/users/${reg.json().user.id}/approve`, {
      token: adminToken,
    });
    expect(approved.statusCode).toBe(200);
    expect(await login(t, email, 'pending-password')).toEqual(expect.any(String));
    await putSettings({ registration_requires_approval: false });
  });
});

describe('GET /api/settings/public', () => {
  it('tells every signed-in user the admin default currency, following changes', async () => {
    const u = await createUser(t, { role: 'publisher' });
    const token = await login(t, u.email, u.password);
    const first = await call(t, 'GET', '/api/settings/public', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ default_currency: 'USD', require_email_verification: false });
    await putSettings({ default_currency: 'DKK' });
    expect((await call(t, 'GET', '/api/settings/public', { token })).json()).toEqual({
      default_currency: 'DKK',
      require_email_verification: false,
    });
    await putSettings({ default_currency: 'USD' });
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await call(t, 'GET', '/api/settings/public')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/outbox', () => {
  it('lists sent mail for admins only', async () => {
    const u = await createUser(t, { role: 'publisher' });
    await call(t, 'POST', '/api/auth/forgot-password', { payload: { email: u.email } });
    await t.app.settle(); // the mail goes out after the answer
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
      '/api/settings/public',
      '/api/admin/users',
      '/api/admin/users/{id}',
      '/api/admin/users/{id}/approve',
      '/api/admin/users/{id}/suspend',
      '/api/admin/users/{id}/activate',
      '/api/admin/users/{id}/role',
      '/api/admin/audit-log',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
