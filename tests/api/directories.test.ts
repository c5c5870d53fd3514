import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websites } from '../../server/db/schema/marketplace';
import { profiles } from '../../server/db/schema/users';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

let t: TestApp;
const tok = {} as Record<'adv' | 'adv2' | 'pub' | 'admin', string>;
const ids = {} as Record<'adv' | 'pub', string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, role] of [
    ['adv', 'advertiser'],
    ['adv2', 'advertiser'],
    ['pub', 'publisher'],
    ['admin', 'admin'],
  ] as const) {
    const u = await createUser(t, { role });
    tok[key] = await login(t, u.email, u.password);
    if (key === 'adv' || key === 'pub') ids[key] = u.id;
  }
  await t.database.db
    .update(profiles)
    .set({ displayName: 'Budget Travel Hub', country: 'NO' })
    .where(eq(profiles.userId, ids.pub));
  await t.database.db
    .update(profiles)
    .set({ companyName: 'Fjord Tours', country: 'NO' })
    .where(eq(profiles.userId, ids.adv));
  for (const [url, visitors, verified] of [
    ['https://a.example', 1000, true],
    ['https://b.example', 500, false],
  ] as const) {
    const w = (
      await call(t, 'POST', '/api/websites', {
        token: tok.pub,
        payload: { url, name: url, category: 'travel', monthly_visitors: visitors },
      })
    ).json();
    if (verified)
      await t.database.db
        .update(websites)
        .set({ verificationStatus: 'verified' })
        .where(eq(websites.id, w.id));
  }
  await createUser(t, { role: 'publisher', status: 'suspended' });
});
afterAll(() => t.close());

describe('GET /api/publishers', () => {
  it('lists active publishers with website stats for advertisers', async () => {
    const res = await call(t, 'GET', '/api/publishers?limit=10&offset=0', { token: tok.adv });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: ids.pub,
        display_name: 'Budget Travel Hub',
        country: 'NO',
        websites_count: 2,
        verified_websites_count: 1,
        monthly_visitors: 1000,
        categories: ['travel'],
      }),
    ]);
  });

  it('searches by name and shows one publisher’s card', async () => {
    const hit = await call(t, 'GET', '/api/publishers?search=budget', { token: tok.admin });
    expect(hit.json()).toHaveLength(1);
    const miss = await call(t, 'GET', '/api/publishers?search=zzz', { token: tok.admin });
    expect(miss.json()).toEqual([]);
    const one = await call(t, 'GET', `/api/publishers/${ids.pub}`, { token: tok.adv });
    expect(one.json().display_name).toBe('Budget Travel Hub');
  });

  it('is closed to publishers', async () => {
    const res = await call(t, 'GET', '/api/publishers', { token: tok.pub });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/advertisers/:id', () => {
  it('shows an advertiser’s public card to publishers', async () => {
    await call(t, 'POST', '/api/campaigns', {
      token: tok.adv,
      payload: {
        name: 'x',
        category: 'travel',
        landing_url: 'https://x.example',
        currency: 'NOK',
        commission_model: 'cpc',
        payout_minor: 50,
        status: 'active',
      },
    });
    const res = await call(t, 'GET', `/api/advertisers/${ids.adv}`, { token: tok.pub });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company_name: 'Fjord Tours', country: 'NO', active_campaigns: 1 });
  });

  it('does not show one advertiser another’s card, nor a publisher as an advertiser', async () => {
    expect((await call(t, 'GET', `/api/advertisers/${ids.adv}`, { token: tok.adv2 })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/advertisers/${ids.pub}`, { token: tok.admin })).statusCode).toBe(404);
  });
});
