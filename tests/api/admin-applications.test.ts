import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websites } from '../../server/db/schema/marketplace';
import { auditLog } from '../../server/db/schema/platform';
import { users } from '../../server/db/schema/users';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

/** The admin-applications screen: every application, filtered, decided on behalf of advertisers. */
let t: TestApp;
const tok = {} as Record<'advA' | 'advB' | 'pubA' | 'pubB' | 'admin', string>;
const id = {} as Record<'advA' | 'advB' | 'pubA' | 'pubB' | 'admin', string>;
const apps = {} as Record<'aa' | 'ab' | 'ba', { id: string }>;

async function campaign(token: string, name: string) {
  const res = await call(t, 'POST', '/api/campaigns', {
    token,
    payload: {
      name,
      category: 'travel',
      landing_url: 'https://l.example',
      currency: 'USD',
      commission_model: 'cpa',
      payout_minor: 500,
      status: 'active',
    },
  });
  return res.json() as { id: string };
}

async function apply(token: string, campaignId: string, url: string) {
  const w = (
    await call(t, 'POST', '/api/websites', { token, payload: { url, name: 'Site', category: 'travel' } })
  ).json();
  await t.database.db
    .update(websites)
    .set({ verificationStatus: 'verified', verifiedAt: new Date() })
    .where(eq(websites.id, w.id));
  const res = await call(t, 'POST', '/api/applications', {
    token,
    payload: { campaign_id: campaignId, website_id: w.id },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, role] of [
    ['advA', 'advertiser'],
    ['advB', 'advertiser'],
    ['pubA', 'publisher'],
    ['pubB', 'publisher'],
    ['admin', 'admin'],
  ] as const) {
    const u = await createUser(t, { role });
    tok[key] = await login(t, u.email, u.password);
    id[key] = u.id;
  }
  await t.database.db.update(users).set({ name: 'Paula Writes' }).where(eq(users.id, id.pubA));
  await t.database.db.update(users).set({ name: 'Peter Blogs' }).where(eq(users.id, id.pubB));
  const summer = await campaign(tok.advA, 'Summer Sale');
  const winter = await campaign(tok.advB, 'Winter Tours');
  apps.aa = await apply(tok.pubA, summer.id, 'https://paula-one.example');
  apps.ab = await apply(tok.pubA, winter.id, 'https://paula-two.example');
  apps.ba = await apply(tok.pubB, summer.id, 'https://peter.example');
});
afterAll(() => t.close());

const listIds = async (token: string, query: string) => {
  const res = await call(t, 'GET', `/api/applications?${query}`, { token });
  expect(res.statusCode, query).toBe(200);
  expect(res.headers['x-total-count']).toBe(String(res.json().length));
  return res
    .json()
    .map((a: { id: string }) => a.id)
    .sort();
};

describe('admin view of applications', () => {
  it('lists everyone’s applications with the columns an admin table needs', async () => {
    const res = await call(t, 'GET', '/api/applications?limit=100', { token: tok.admin });
    expect(res.json()).toHaveLength(3);
    expect(res.json().find((a: { id: string }) => a.id === apps.ab.id)).toMatchObject({
      campaign_name: 'Winter Tours',
      publisher_name: 'Paula Writes',
      website_url: 'https://paula-two.example',
      status: 'pending',
    });
  });

  it('filters by publisher, advertiser and a search over campaign, publisher and website', async () => {
    expect(await listIds(tok.admin, `publisher_id=${id.pubA}`)).toEqual([apps.aa.id, apps.ab.id].sort());
    expect(await listIds(tok.admin, `advertiser_id=${id.advA}`)).toEqual([apps.aa.id, apps.ba.id].sort());
    expect(await listIds(tok.admin, `advertiser_id=${id.advA}&publisher_id=${id.pubB}`)).toEqual([
      apps.ba.id,
    ]);
    expect(await listIds(tok.admin, 'search=winter')).toEqual([apps.ab.id]);
    expect(await listIds(tok.admin, 'search=PETER')).toEqual([apps.ba.id]);
    expect(await listIds(tok.admin, 'search=paula-one')).toEqual([apps.aa.id]);
    expect(await listIds(tok.admin, 'search=100%25')).toEqual([]);
  });

  it('keeps advertisers and publishers inside their own scope whatever they filter by', async () => {
    expect(await listIds(tok.advA, `advertiser_id=${id.advB}`)).toEqual([]);
    expect(await listIds(tok.advA, `publisher_id=${id.pubA}`)).toEqual([apps.aa.id]);
    expect(await listIds(tok.pubB, `publisher_id=${id.pubA}`)).toEqual([]);
    expect(await listIds(tok.pubA, 'search=summer')).toEqual([apps.aa.id]);
  });

  it('refuses filters that are not UUIDs with 422', async () => {
    const res = await call(t, 'GET', '/api/applications?publisher_id=paula', { token: tok.admin });
    expect(res.statusCode).toBe(422);
  });

  it('lets an admin decide on behalf of the advertiser, with the reason audit-logged', async () => {
    const res = await call(t, 'POST', `/api/applications/${apps.ba.id}/reject`, {
      token: tok.admin,
      payload: { reason: 'Site content does not fit' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', reason: 'Site content does not fit' });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, apps.ba.id));
    expect(entry).toMatchObject({ actorId: id.admin, action: 'application.rejected' });
  });
});
