import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payouts } from '../../server/db/schema/billing';
import { websites } from '../../server/db/schema/marketplace';
import { dailyStats } from '../../server/db/schema/stats';
import { clicks } from '../../server/db/schema/tracking';
import { users } from '../../server/db/schema/users';
import { call, createTestApp, createUser, type TestApp } from './support/test-app';
import {
  approvedLink,
  clickOn,
  party,
  postback,
  type LinkFixture,
  type Party,
} from './support/tracking-fixtures';

/**
 * Dashboards against hand-computed traffic, all sent through the real endpoints (clicks, postbacks,
 * commission decisions) and counted by the rollup triggers. Rates are the stored fallback table:
 * 1 USD = 0.85 EUR, so EUR → USD is × 1/0.85, rounded half away from zero per (day, currency).
 *
 * advA: "Alpha USD" (cpa 15.00 USD) with pub1 — 4 human clicks (3 unique) + 1 bot; sales 100.00 and
 *       40.00 → commissions 15.00 (approved) + 15.00 (pending).
 *       "Alpha EUR" (cpa 10.00 EUR) with pub2 — 2 unique clicks; sale 50.00 EUR → 10.00 EUR pending.
 * advB: "Beta USD" (cpa 5.00 USD) with pub1 — 1 unique click; sale 20.00 → 5.00, rejected (not earned).
 */

let t: TestApp;
let advA: Party;
let advB: Party;
let pub1: Party;
let pub2: Party;
let admin: Party;
let alphaUsd: LinkFixture;
let alphaEur: LinkFixture;
let betaUsd: LinkFixture;

const get = (token: string | undefined, url: string) => call(t, 'GET', url, { token });
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function convert(link: LinkFixture, ip: string, order: string, amount: string, currency?: string) {
  const { clickId } = await clickOn(t, link.code, { ip });
  const res = await postback(t, {
    click_id: clickId,
    order_id: order,
    amount,
    currency,
    secret: link.campaign.tracking_secret,
  });
  if (res.statusCode !== 201) throw new Error(`postback: ${res.statusCode} ${res.body}`);
  return res.json().commission_id as string;
}

async function waitForClicks(count: number) {
  await vi.waitFor(
    async () => {
      const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(clicks);
      expect(row!.n).toBe(count);
    },
    { timeout: 5_000, interval: 20 },
  );
}

const nameOf = async (id: string) =>
  (await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, id)))[0]!.name;

/** A manual-approval campaign of `advertiser` with one pending application of `publisher`. */
async function pendingApplication(advertiser: Party, publisher: Party) {
  const campaign = await call(t, 'POST', '/api/campaigns', {
    token: advertiser.token,
    payload: {
      name: 'Manual campaign',
      category: 'travel',
      landing_url: 'https://shop.example/manual',
      currency: 'USD',
      commission_model: 'cpa',
      payout_minor: 100,
      status: 'active',
      approval_mode: 'manual',
    },
  });
  const site = await call(t, 'POST', '/api/websites', {
    token: publisher.token,
    payload: { url: `https://manual-${Date.now()}.example`, name: 'Site', category: 'travel' },
  });
  await t.database.db
    .update(websites)
    .set({ verificationStatus: 'verified', verifiedAt: new Date() })
    .where(eq(websites.id, site.json().id));
  const applied = await call(t, 'POST', '/api/applications', {
    token: publisher.token,
    payload: { campaign_id: campaign.json().id, website_id: site.json().id },
  });
  expect(applied.json().status).toBe('pending');
}

beforeAll(async () => {
  t = await createTestApp({ clickFlushMs: 5 });
  [advA, advB, pub1, pub2, admin] = [
    await party(t, 'advertiser'),
    await party(t, 'advertiser'),
    await party(t, 'publisher'),
    await party(t, 'publisher'),
    await party(t, 'admin'),
  ];
  alphaUsd = await approvedLink(t, advA, pub1, { name: 'Alpha USD' });
  alphaEur = await approvedLink(t, advA, pub2, { name: 'Alpha EUR', currency: 'EUR', payout_minor: 1000 });
  betaUsd = await approvedLink(t, advB, pub1, { name: 'Beta USD', payout_minor: 500 });

  const approved = await convert(alphaUsd, '198.51.100.1', 'a-1', '100.00');
  await convert(alphaUsd, '198.51.100.2', 'a-2', '40.00');
  await clickOn(t, alphaUsd.code, { ip: '198.51.100.3' });
  await clickOn(t, alphaUsd.code, { ip: '198.51.100.1' }); // not unique: same address within the hour
  await clickOn(t, alphaUsd.code, { ip: '198.51.100.9', ua: 'Googlebot/2.1' }); // a bot: never counted
  await convert(alphaEur, '198.51.100.4', 'e-1', '50.00', 'EUR');
  await clickOn(t, alphaEur.code, { ip: '198.51.100.5' });
  const rejected = await convert(betaUsd, '198.51.100.6', 'b-1', '20.00');
  await waitForClicks(8);

  const ok = async (token: string, url: string, payload?: unknown) => {
    const res = await call(t, 'POST', url, { token, payload });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  await ok(advA.token, `/api/commissions/${approved}/approve`);
  await ok(advB.token, `/api/commissions/${rejected}/reject`, { reason: 'returned' });
  // a payout minimum of 10.00 USD: pub1's approved 15.00 is ready, nothing else is
  const settings = await call(t, 'PUT', '/api/admin/settings', {
    token: admin.token,
    payload: { min_payout_minor: 1000 },
  });
  expect(settings.statusCode).toBe(200);
  await pendingApplication(advA, pub2);
  await createUser(t, { role: 'publisher', status: 'pending' });
  // the admin's "payouts due": one waiting for approval, one for its transfer; a paid one is done
  await t.database.db.insert(payouts).values([
    { publisherId: pub2.id, status: 'requested', amountMinor: 6_000, currency: 'EUR' },
    { publisherId: pub1.id, status: 'processing', amountMinor: 7_000, currency: 'USD' },
    { publisherId: pub1.id, status: 'paid', amountMinor: 5_000, currency: 'EUR', reference: 'T-1' },
  ]);
}, 60_000);
afterAll(() => t?.close());

const dashboard = async (party: Party, query = 'currency=USD') => {
  const res = await get(party.token, `/api/analytics/dashboard?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/analytics/dashboard KPIs per role', () => {
  it('gives an advertiser their campaigns, converted to the display currency', async () => {
    const d = await dashboard(advA);
    expect(d).toMatchObject({ role: 'advertiser', to: today(), from: daysAgo(29), currency: 'USD' });
    expect(d.rates_note).toMatch(
      /^Converted to USD with the built-in rates of \d{4}-\d{2}-\d{2}; set a provider in Settings$/,
    );
    // EUR 50.00 → 5882 cents; EUR 10.00 → 1176 cents
    expect(d.kpis).toEqual({
      clicks: 6,
      unique_clicks: 5,
      conversions: 3,
      cr: 3 / 5,
      revenue_minor: 10_000 + 4_000 + 5_882,
      commission_minor: 1_500 + 1_500 + 1_176,
      epc_minor: Math.round(4_176 / 6),
      pending_minor: 1_500 + 1_176,
      approved_minor: 1_500,
      paid_minor: 0,
      fee_minor: 418, // 10 % of 41.76, half away from zero
    });
    expect(d.previous).toMatchObject({ clicks: 0, conversions: 0, commission_minor: 0, cr: 0, epc_minor: 0 });
    expect(d.series).toHaveLength(30);
    expect(d.series[0].date).toBe(daysAgo(29));
    expect(d.series.at(-1)).toEqual({
      date: today(),
      clicks: 6,
      unique_clicks: 5,
      conversions: 3,
      revenue_minor: 19_882,
      commission_minor: 4_176,
    });
    expect(d.series.slice(0, -1).every((p: { clicks: number }) => p.clicks === 0)).toBe(true);
    expect(d.top).toEqual([
      {
        id: pub1.id,
        label: await nameOf(pub1.id),
        clicks: 4,
        conversions: 2,
        revenue_minor: 14_000,
        commission_minor: 3_000,
      },
      {
        id: pub2.id,
        label: await nameOf(pub2.id),
        clicks: 2,
        conversions: 1,
        revenue_minor: 5_882,
        commission_minor: 1_176,
      },
    ]);
    expect(d.todo).toEqual([
      { key: 'pending_applications', label: expect.any(String), count: 1, link: '/applications' },
      { key: 'pending_commissions', label: expect.any(String), count: 2, link: '/commissions' },
    ]);
  });

  it('gives a publisher their own rows only; rejected commissions are not earned', async () => {
    const d = await dashboard(pub1);
    expect(d.role).toBe('publisher');
    expect(d.kpis).toEqual({
      clicks: 5,
      unique_clicks: 4,
      conversions: 3,
      cr: 3 / 4,
      revenue_minor: 16_000,
      commission_minor: 3_000,
      epc_minor: 600,
      pending_minor: 1_500,
      approved_minor: 1_500,
      paid_minor: 0,
      fee_minor: 0,
    });
    expect(d.top.map((c: { label: string }) => c.label)).toEqual(['Alpha USD', 'Beta USD']);
    expect(d.top[1]).toMatchObject({ clicks: 1, conversions: 1, commission_minor: 0 });
    expect(d.todo).toEqual([
      { key: 'pending_applications', label: expect.any(String), count: 0, link: '/applications' },
      { key: 'approved_balance', label: expect.any(String), count: 1, link: '/commissions' },
    ]);

    const other = await dashboard(pub2, 'currency=EUR');
    // the EUR campaign in EUR: no conversion at all
    expect(other.kpis).toMatchObject({
      clicks: 2,
      unique_clicks: 2,
      conversions: 1,
      revenue_minor: 5_000,
      commission_minor: 1_000,
      epc_minor: 500,
    });
    expect(other.todo[0]).toMatchObject({ key: 'pending_applications', count: 1 });
  });

  it('converts USD to EUR for display (× 0.85)', async () => {
    const d = await dashboard(pub1, 'currency=EUR');
    expect(d.currency).toBe('EUR');
    expect(d.kpis).toMatchObject({ revenue_minor: 13_600, commission_minor: 2_550, pending_minor: 1_275 });
  });

  it('gives an admin everything, the platform fee and the platform to-dos', async () => {
    const d = await dashboard(admin);
    expect(d.role).toBe('admin');
    expect(d.kpis).toEqual({
      clicks: 7,
      unique_clicks: 6,
      conversions: 4,
      cr: 4 / 6,
      revenue_minor: 21_882,
      commission_minor: 4_176,
      epc_minor: 597, // 41.76 / 7 = 5.9657…
      pending_minor: 2_676,
      approved_minor: 1_500,
      paid_minor: 0,
      fee_minor: 418,
    });
    expect(d.top.map((c: { label: string }) => c.label)).toEqual(['Alpha USD', 'Alpha EUR', 'Beta USD']);
    expect(d.todo).toEqual([
      { key: 'pending_accounts', label: expect.any(String), count: 1, link: '/admin-publishers' },
      { key: 'pending_applications', label: expect.any(String), count: 1, link: '/admin-applications' },
      { key: 'payouts_due', label: expect.any(String), count: 2, link: '/admin-payouts' },
    ]);
  });

  it('uses the platform default currency when the user has no preference', async () => {
    expect((await dashboard(advB, '')).currency).toBe('USD');
  });

  it('compares with the period of the same length just before `from`', async () => {
    const [site] = await t.database.db
      .select({ id: websites.id })
      .from(websites)
      .where(eq(websites.publisherId, pub1.id));
    const row = {
      campaignId: alphaUsd.campaign.id,
      advertiserId: advA.id,
      publisherId: pub1.id,
      websiteId: site!.id,
      currency: 'USD',
    };
    // range: 10 days ending 40 days ago; previous: the 10 days before it
    await t.database.db.insert(dailyStats).values([
      { ...row, day: daysAgo(45), clicks: 4, uniqueClicks: 4, conversions: 1, approvedMinor: 1_500 },
      { ...row, day: daysAgo(55), clicks: 10, uniqueClicks: 8, conversions: 2, revenueMinor: 5_000 },
      { ...row, day: daysAgo(55), sub1: 'x', pendingMinor: 700 },
    ]);
    const d = await dashboard(advA, `from=${daysAgo(49)}&to=${daysAgo(40)}&currency=USD`);
    expect(d.series).toHaveLength(10);
    expect(d.series.find((p: { date: string }) => p.date === daysAgo(45))).toMatchObject({
      clicks: 4,
      commission_minor: 1_500,
    });
    expect(d.kpis).toMatchObject({ clicks: 4, conversions: 1, cr: 0.25, commission_minor: 1_500 });
    expect(d.previous).toEqual({
      clicks: 10,
      unique_clicks: 8,
      conversions: 2,
      cr: 0.25,
      revenue_minor: 5_000,
      commission_minor: 700,
      epc_minor: 70,
      pending_minor: 700,
      approved_minor: 0,
      paid_minor: 0,
      fee_minor: 70,
    });
    // another advertiser sees none of it
    expect((await dashboard(advB, `from=${daysAgo(59)}&to=${daysAgo(40)}`)).kpis.clicks).toBe(0);
  });
});

describe('dashboard input', () => {
  it('refuses bad ranges, dates and currencies with 422 {detail}', async () => {
    const bad = [
      `from=${today()}&to=${daysAgo(1)}`,
      'from=2024-01-01&to=2025-01-01', // 367 days
      'from=2024-02-30',
      'to=9999-12-31',
      'currency=XYZ',
    ];
    for (const query of bad) {
      const res = await get(advA.token, `/api/analytics/dashboard?${query}`);
      expect([query, res.statusCode]).toEqual([query, 422]);
      expect(typeof res.json().detail).toBe('string');
    }
    const leap = await get(advA.token, '/api/analytics/dashboard?from=2024-01-01&to=2024-12-31');
    expect(leap.statusCode).toBe(200); // 366 days
  });

  it('answers anonymous callers 401', async () => {
    const res = await get(undefined, '/api/analytics/dashboard');
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBeTruthy();
  });
});

describe('dashboard cache', () => {
  const stats = async () => {
    const res = await get(admin.token, '/api/performance/cache-stats');
    expect(res.statusCode).toBe(200);
    return res.json().caches as {
      name: string;
      hits: number;
      misses: number;
      size: number;
      hit_rate: number;
    }[];
  };
  const dashboardStats = async () => (await stats()).find((c) => c.name === 'dashboard')!;

  it('counts a hit for the second identical call and drops the entry after a new conversion', async () => {
    const adv = await party(t, 'advertiser');
    const pub = await party(t, 'publisher');
    const link = await approvedLink(t, adv, pub);

    const before = await dashboardStats();
    const first = await dashboard(adv);
    const afterFirst = await dashboardStats();
    expect(afterFirst.misses).toBe(before.misses + 1);
    expect(await dashboard(adv)).toEqual(first);
    const afterSecond = await dashboardStats();
    expect(afterSecond.hits).toBe(afterFirst.hits + 1);
    expect(afterSecond.misses).toBe(afterFirst.misses);
    const pubFirst = await dashboard(pub);
    const beforeConversion = await dashboardStats();

    await convert(link, '203.0.113.50', 'cache-1', '30.00');
    const fresh = await dashboard(adv);
    expect(fresh.kpis).toMatchObject({ clicks: 1, conversions: 1, commission_minor: 1_500 });
    expect((await dashboardStats()).misses).toBe(beforeConversion.misses + 1);
    // the publisher's dashboard is dropped too
    expect(pubFirst.kpis.conversions).toBe(0);
    expect((await dashboard(pub)).kpis.conversions).toBe(1);
    // so is the advertiser's after a commission decision
    const commission = (await get(adv.token, '/api/commissions')).json()[0].id;
    await call(t, 'POST', `/api/commissions/${commission}/approve`, { token: adv.token });
    expect((await dashboard(adv)).kpis).toMatchObject({ pending_minor: 0, approved_minor: 1_500 });
  });

  it('shows a new platform fee at once, not after the cached dashboard expires', async () => {
    const adv = await party(t, 'advertiser');
    const pub = await party(t, 'publisher');
    const link = await approvedLink(t, adv, pub);
    await convert(link, '203.0.113.51', 'cache-fee', '30.00');
    const setFee = async (bps: number) => {
      const res = await call(t, 'PUT', '/api/admin/settings', {
        token: admin.token,
        payload: { platform_fee_bps: bps },
      });
      expect(res.statusCode).toBe(200);
    };
    await setFee(1_000);
    expect((await dashboard(adv)).kpis).toMatchObject({ commission_minor: 1_500, fee_minor: 150 });
    await setFee(2_000);
    expect((await dashboard(adv)).kpis).toMatchObject({ commission_minor: 1_500, fee_minor: 300 });
  });

  it('reports the dashboard and tracking-link caches to admins only', async () => {
    const caches = await stats();
    expect(caches.map((c) => c.name)).toEqual(['dashboard', 'tracking_links']);
    for (const c of caches) {
      expect(c.hits + c.misses).toBeGreaterThan(0);
      expect(c.hit_rate).toBeCloseTo(c.hits / (c.hits + c.misses));
      expect(c.size).toBeGreaterThan(0);
    }
    // four clicks on one code: the first missed, the rest were served from the cache
    expect(caches[1]!.hits).toBeGreaterThan(0);

    for (const who of [advA, pub1]) {
      const res = await get(who.token, '/api/performance/cache-stats');
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBeTruthy();
    }
    expect((await get(undefined, '/api/performance/cache-stats')).statusCode).toBe(401);
  });
});
