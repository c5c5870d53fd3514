import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../server/db/schema/api-keys';
import { auditLog } from '../../server/db/schema/platform';
import { users } from '../../server/db/schema/users';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

let t: TestApp;
let adv: { id: string; token: string };
let other: { id: string; token: string };
let admin: { id: string; token: string };

async function signedIn(role: 'advertiser' | 'publisher' | 'admin') {
  const u = await createUser(t, { role });
  return { id: u.id, token: await login(t, u.email, u.password) };
}

beforeAll(async () => {
  t = await createTestApp();
  adv = await signedIn('advertiser');
  other = await signedIn('advertiser');
  admin = await signedIn('admin');
});
afterAll(() => t.close());

let names = 0;
/** Creates a key with the session token and answers the creation (with its secret). */
async function newKey(token: string, body: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', '/api/api-keys', {
    token,
    payload: { name: `key ${++names}`, scope: 'full', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; key: string; prefix: string };
}
const list = async (token: string) => (await call(t, 'GET', '/api/api-keys', { token })).json();
const keyRows = (userId: string) => t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, userId));

describe('creating, listing and revoking API keys', () => {
  it('answers the secret once; the list shows the key without it', async () => {
    const res = await call(t, 'POST', '/api/api-keys', {
      token: adv.token,
      payload: {
        name: '  Nightly export ',
        scope: 'read',
        resources: ['campaigns', 'reports'],
        expires_at: '2099-01-01T00:00:00Z',
      },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Nightly export',
      prefix: created.key.slice(0, 12),
      scope: 'read',
      resources: ['campaigns', 'reports'],
      expires_at: '2099-01-01T00:00:00.000Z',
      created_at: expect.any(String),
      last_used_at: null,
      last_used_ip: null,
      key: expect.stringMatching(/^afk_[A-Za-z0-9_-]{43}$/),
    });
    const listed = await call(t, 'GET', '/api/api-keys', { token: adv.token });
    expect(listed.statusCode).toBe(200);
    const mine = listed.json().find((k: { id: string }) => k.id === created.id);
    const { key: _secret, ...withoutSecret } = created;
    expect(mine).toEqual(withoutSecret);
    expect(listed.body).not.toContain(created.key);
    // another user sees none of them
    expect(await list(other.token)).toEqual([]);
  });

  it('stores only the SHA-256 of the secret', async () => {
    const { id, key } = await newKey(adv.token);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.slice(12));
  });

  it('revokes a key: it disappears from the list and stops at once (401)', async () => {
    const { id, key } = await newKey(adv.token);
    expect((await call(t, 'GET', '/api/campaigns', { token: key })).statusCode).toBe(200);
    const revoked = await call(t, 'DELETE', `/api/api-keys/${id}`, { token: adv.token });
    expect(revoked.statusCode).toBe(204);
    expect((await list(adv.token)).map((k: { id: string }) => k.id)).not.toContain(id);
    const refused = await call(t, 'GET', '/api/campaigns', { token: key });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toMatch(/API key/);
    expect((await call(t, 'DELETE', `/api/api-keys/${id}`, { token: adv.token })).statusCode).toBe(404);
  });

  it('answers 404 for another user’s key or an unknown one, and leaves it working', async () => {
    const { id, key } = await newKey(other.token);
    const res = await call(t, 'DELETE', `/api/api-keys/${id}`, { token: adv.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'API key not found' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(t, 'DELETE', `/api/api-keys/${unknown}`, { token: adv.token })).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/campaigns', { token: key })).statusCode).toBe(200);
  });

  it('refuses bad input with 422 naming the field, and stores nothing', async () => {
    const before = (await keyRows(adv.id)).length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ scope: 'full' }, /^name/],
      [{ name: '   ', scope: 'full' }, /^name/],
      [{ name: 'x'.repeat(101), scope: 'full' }, /^name/],
      [{ name: 'k', scope: 'write' }, /^scope/],
      [{ name: 'k', scope: 'full', resources: ['campaigns', 'everything'] }, /^resources/],
      [{ name: 'k', scope: 'full', resources: ['media', 'media'] }, /^resources/],
      [{ name: 'k', scope: 'full', expires_at: '2020-01-01T00:00:00Z' }, /expires_at must be in the future/],
      [{ name: 'k', scope: 'full', expires_at: 'tomorrow' }, /^expires_at/],
    ];
    for (const [payload, detail] of cases) {
      const res = await call(t, 'POST', '/api/api-keys', { token: adv.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail, JSON.stringify(payload)).toMatch(detail);
    }
    expect((await keyRows(adv.id)).length).toBe(before);
  });

  it('writes creation and revocation to the audit log, without the secret', async () => {
    const { id, key } = await newKey(adv.token, { name: 'Audited' });
    await call(t, 'DELETE', `/api/api-keys/${id}`, { token: adv.token });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'api_key'), eq(auditLog.entityId, id)));
    expect(entries.map((e) => [e.action, e.actorId]).sort()).toEqual([
      ['api_key.created', adv.id],
      ['api_key.revoked', adv.id],
    ]);
    expect(entries.find((e) => e.action === 'api_key.created')!.after).toMatchObject({
      name: 'Audited',
      scope: 'full',
    });
    expect(JSON.stringify(entries)).not.toContain(key.slice(12));
  });
});

describe('calling the API with a key', () => {
  it('acts as its owner, with the owner’s ownership rules', async () => {
    const { key } = await newKey(adv.token);
    const me = await call(t, 'GET', '/api/auth/me', { token: key });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(adv.id);
    const created = await call(t, 'POST', '/api/campaigns', {
      token: key,
      payload: {
        name: 'Made by a script',
        category: 'travel',
        landing_url: 'https://shop.example/',
        currency: 'USD',
        commission_model: 'cpa',
        payout_minor: 500,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().advertiser_id).toBe(adv.id);
    // another advertiser's key does not see it
    const { key: otherKey } = await newKey(other.token);
    const foreign = await call(t, 'GET', `/api/campaigns/${created.json().id}`, { token: otherKey });
    expect(foreign.statusCode).toBe(404);
  });

  it('records the last use (time and address) in the list', async () => {
    const { id, key } = await newKey(adv.token);
    await t.app.inject({
      method: 'GET',
      url: '/api/campaigns',
      headers: { authorization: `Bearer ${key}` },
      remoteAddress: '198.51.100.23',
    });
    await t.app.settle();
    const listed = (await list(adv.token)).find((k: { id: string }) => k.id === id);
    expect(listed.last_used_ip).toBe('198.51.100.23');
    expect(Date.now() - Date.parse(listed.last_used_at)).toBeLessThan(60_000);
  });

  it('a read key may GET but not change anything (403 naming the full scope)', async () => {
    const { key } = await newKey(adv.token, { scope: 'read' });
    expect((await call(t, 'GET', '/api/campaigns', { token: key })).statusCode).toBe(200);
    const res = await call(t, 'POST', '/api/campaigns', {
      token: key,
      payload: { name: 'Nope', category: 'travel', landing_url: 'https://x.example/', currency: 'USD' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/missing the "full" scope/);
  });

  it('a key limited to resources reaches only those (403 naming the missing one)', async () => {
    const { key } = await newKey(adv.token, { resources: ['campaigns'] });
    expect((await call(t, 'GET', '/api/campaigns', { token: key })).statusCode).toBe(200);
    const websites = await call(t, 'GET', '/api/websites', { token: key });
    expect(websites.statusCode).toBe(403);
    expect(websites.json().detail).toMatch(/missing the "websites" scope/);
    const reports = await call(t, 'GET', '/api/reports?group_by=day', { token: key });
    expect(reports.statusCode).toBe(403);
    expect(reports.json().detail).toMatch(/missing the "reports" scope/);
    const commissions = await call(t, 'GET', '/api/commissions', { token: key });
    expect(commissions.json().detail).toMatch(/missing the "commissions" scope/);
    // a route of no single resource needs an unlimited key
    const notifications = await call(t, 'GET', '/api/notifications', { token: key });
    expect(notifications.statusCode).toBe(403);
    expect(notifications.json().detail).toMatch(/limited to campaigns/);
  });

  it('never manages keys, the password or e-mail, whatever its scope', async () => {
    const { id, key } = await newKey(adv.token);
    const attempts = [
      call(t, 'GET', '/api/api-keys', { token: key }),
      call(t, 'POST', '/api/api-keys', { token: key, payload: { name: 'child', scope: 'full' } }),
      call(t, 'DELETE', `/api/api-keys/${id}`, { token: key }),
      call(t, 'PUT', '/api/auth/profile', {
        token: key,
        payload: { current_password: 'correct-horse-battery', new_password: 'another-long-password-1' },
      }),
      call(t, 'PUT', '/api/auth/profile', { token: key, payload: { email: 'taken-over@example.com' } }),
      call(t, 'POST', '/api/auth/logout-all', { token: key }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().detail).toMatch(/API keys cannot be used here/);
    }
    expect((await keyRows(adv.id)).filter((k) => k.name === 'child')).toEqual([]);
    const [me] = await t.database.db.select().from(users).where(eq(users.id, adv.id));
    expect(me!.email).not.toBe('taken-over@example.com');
  });

  it('an admin’s key never uses admin user management, but reaches other admin routes', async () => {
    const { key } = await newKey(admin.token);
    const listUsers = await call(t, 'GET', '/api/admin/users', { token: key });
    expect(listUsers.statusCode).toBe(403);
    const suspend = await call(t, 'POST', `/api/admin/users/${other.id}/suspend`, {
      token: key,
      payload: {},
    });
    expect(suspend.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(row!.status).toBe('active');
    expect((await call(t, 'GET', '/api/admin/settings', { token: key })).statusCode).toBe(200);
  });

  it('stops at once when the owner is suspended, and works again once reactivated', async () => {
    const owner = await signedIn('publisher');
    const { key } = await newKey(owner.token);
    expect((await call(t, 'GET', '/api/websites', { token: key })).statusCode).toBe(200);
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, owner.id));
    const refused = await call(t, 'GET', '/api/websites', { token: key });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe('Account suspended');
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, owner.id));
    expect((await call(t, 'GET', '/api/websites', { token: key })).statusCode).toBe(200);
  });

  it('refuses an expired key, an unknown one and a malformed one with 401', async () => {
    const { id, key } = await newKey(adv.token, { expires_at: '2099-01-01T00:00:00Z' });
    expect((await call(t, 'GET', '/api/campaigns', { token: key })).statusCode).toBe(200);
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, id));
    for (const token of [key, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, 'afk_short']) {
      const res = await call(t, 'GET', '/api/campaigns', { token });
      expect(res.statusCode, token).toBe(401);
      expect(res.json().detail).toMatch(/Invalid API key/);
    }
  });

  it('is declared in the OpenAPI document, so /api/docs can authorize with a key', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.bearer.description).toMatch(/afk_/);
    expect(doc.paths['/api/postback'].post.security).toEqual([{}, { apiKey: [] }]);
  });
});
