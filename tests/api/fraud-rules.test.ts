import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { applications, campaigns as campaignsTable } from '../../server/db/schema/marketplace';
import { conversionAddresses } from '../../server/db/schema/fraud';
import { dailyTotals } from '../../server/db/schema/stats';
import { clicks } from '../../server/db/schema/tracking';
import { pruneConversionAddresses } from '../../server/modules/fraud/address-prune';
import { call, createTestApp, login, createUser, type TestApp } from './support/test-app';
import {
  approvedLink,
  clickOn,
  party,
  postback,
  type LinkFixture,
  type Party,
} from './support/tracking-fixtures';

// Each fraud rule fires with its reason and the figures behind it, and stays quiet just below its threshold.
// The rules are on here (testConfig turns them off for the other files, whose clicks all convert at once
// from one address).

let t: TestApp;
let adv: Party;
let pub: Party & { email: string; password: string };

beforeAll(async () => {
  t = await createTestApp({ fraudRules: true, clickCountryHeader: 'x-country' });
  adv = await party(t, 'advertiser');
  const u = await createUser(t, { role: 'publisher' });
  pub = { id: u.id, email: u.email, password: u.password, token: await login(t, u.email, u.password) };
});
afterAll(() => t.close());

/** no minimum time to convert unless a test wants one: every test click converts at once */
const QUIET = { min_seconds_to_convert: 0 };

let visitors = 0;
const nextIp = () => {
  visitors += 1;
  // each visitor in a /24 of its own, so the per-network count stays out of the other rules' tests
  return `10.${Math.floor(visitors / 250)}.${visitors % 250}.7`;
};

async function link(fraud: Record<string, unknown> = {}, campaign: Record<string, unknown> = {}) {
  return approvedLink(t, adv, pub, { fraud: { ...QUIET, ...fraud }, ...campaign });
}

let orders = 0;
/** a click from `ip` (a new address unless given) and its sale; answers the commission as its advertiser sees it */
async function sale(l: LinkFixture, options: { ip?: string; headers?: Record<string, string> } = {}) {
  const ip = options.ip ?? nextIp();
  const res = await t.app.inject({
    method: 'GET',
    url: `/t/${l.code}`,
    remoteAddress: ip,
    headers: { 'user-agent': BROWSER, ...options.headers },
  });
  const clickId = new URL(res.headers.location as string).searchParams.get('click_id')!;
  orders += 1;
  const pb = await postback(t, {
    click_id: clickId,
    order_id: `fr-${orders}`,
    amount: '50.00',
    event: 'sale',
    secret: l.campaign.tracking_secret,
  });
  expect(pb.statusCode, pb.body).toBe(201);
  return commissionOf(pb.json().commission_id, adv.token);
}

async function commissionOf(id: string, token: string) {
  const res = await call(t, 'GET', `/api/commissions/${id}`, { token });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    id: string;
    status: string;
    on_review: boolean;
    fraud_score: number;
    fraud_reasons: { rule: string; detail?: string }[];
    reason: string | null;
  };
}

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const OTHER_BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const rules = (c: { fraud_reasons: { rule: string }[] }) => c.fraud_reasons.map((r) => r.rule);

describe('fraud rules', () => {
  it('too_fast: a conversion sooner after its click than the campaign minimum (default 3 s)', async () => {
    const fast = await sale(await link({ min_seconds_to_convert: null }));
    expect(fast.fraud_reasons).toEqual([
      {
        rule: 'too_fast',
        detail: expect.stringMatching(/^Converted [\d.]+ s after the click; the minimum is 3 s$/),
      },
    ]);
    expect(fast.fraud_score).toBe(30);
    // one weak signal (30) stays under the default hold score (50)
    expect(fast).toMatchObject({ status: 'pending', on_review: false });

    // an older click is slow enough
    const l = await link({ min_seconds_to_convert: 3 });
    const ip = nextIp();
    const res = await clickOn(t, l.code, { ip });
    await waitForClick(res.clickId!);
    await t.database.db
      .update(clicks)
      .set({ createdAt: new Date(Date.now() - 10_000) })
      .where(eq(clicks.id, res.clickId!));
    const pb = await postback(t, {
      click_id: res.clickId,
      order_id: 'fr-slow',
      amount: '50.00',
      event: 'sale',
      secret: l.campaign.tracking_secret,
    });
    expect(rules(await commissionOf(pb.json().commission_id, adv.token))).toEqual([]);
  });

  it('self_address: the visitor converts from an address the publisher signed in from; held for review', async () => {
    const l = await link();
    const home = '198.51.100.200';
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: home,
      payload: { email: pub.email, password: pub.password },
    });
    expect(signIn.statusCode).toBe(200);
    const held = await sale(l, { ip: home });
    expect(held.fraud_reasons).toEqual([
      { rule: 'self_address', detail: expect.stringMatching(/one the publisher signed in from/) },
    ]);
    expect(held).toMatchObject({ status: 'pending', on_review: true, fraud_score: 60 });
    // another visitor's address is not the publisher's
    expect(rules(await sale(l))).toEqual([]);
  });

  it('address_velocity: more conversions a day than allowed from one address, or its /24 or /48', async () => {
    const l = await link({ max_conversions_per_ip_day: 2 });
    const ip = '192.0.2.10';
    expect(rules(await sale(l, { ip }))).toEqual([]);
    expect(rules(await sale(l, { ip }))).toEqual([]);
    const third = await sale(l, { ip });
    expect(third.fraud_reasons).toEqual([
      {
        rule: 'address_velocity',
        detail: '3 conversions from this address in 24 hours; the limit is 2',
      },
    ]);
    // past that, the stored ones are counted only as far as the limit needs: a lower bound
    const fourth = await sale(l, { ip });
    expect(fourth.fraud_reasons).toEqual([
      {
        rule: 'address_velocity',
        detail: '4 or more conversions from this address in 24 hours; the limit is 2',
      },
    ]);

    // other addresses of one IPv4 /24
    const net = await link({ max_conversions_per_ip_day: 2 });
    expect(rules(await sale(net, { ip: '100.64.7.1' }))).toEqual([]);
    expect(rules(await sale(net, { ip: '100.64.7.2' }))).toEqual([]);
    const v4 = await sale(net, { ip: '100.64.7.3' });
    expect(v4.fraud_reasons[0]).toEqual({
      rule: 'address_velocity',
      detail: "3 conversions from this address's network (/24 or /48) in 24 hours; the limit is 2",
    });
    // another /24 is another network
    expect(rules(await sale(net, { ip: '100.64.8.1' }))).toEqual([]);

    // and of one IPv6 /48
    const v6 = await link({ max_conversions_per_ip_day: 2 });
    expect(rules(await sale(v6, { ip: '2001:db8:42:1::1' }))).toEqual([]);
    expect(rules(await sale(v6, { ip: '2001:db8:42:2::1' }))).toEqual([]);
    expect(rules(await sale(v6, { ip: '2001:db8:42:3::1' }))).toEqual(['address_velocity']);
    expect(rules(await sale(v6, { ip: '2001:db8:43:1::1' }))).toEqual([]);
  });

  it('click_flood: more clicks a minute from one address on one link than allowed', async () => {
    const l = await link({ max_clicks_per_ip_minute: 3 });
    const calm = nextIp();
    for (let i = 0; i < 2; i++) await clickOn(t, l.code, { ip: calm });
    expect(rules(await sale(l, { ip: calm }))).toEqual([]);

    const flood = nextIp();
    for (let i = 0; i < 3; i++) await clickOn(t, l.code, { ip: flood });
    const flooded = await sale(l, { ip: flood });
    expect(flooded.fraud_reasons).toEqual([
      {
        rule: 'click_flood',
        detail: '4 clicks from this address on this link within a minute; the limit is 3',
      },
    ]);
    // a longer flood is counted only as far as the limit needs
    const longer = nextIp();
    for (let i = 0; i < 6; i++) await clickOn(t, l.code, { ip: longer });
    expect((await sale(l, { ip: longer })).fraud_reasons).toEqual([
      {
        rule: 'click_flood',
        detail: '5 or more clicks from this address on this link within a minute; the limit is 3',
      },
    ]);
  });

  it('click_flood on a CPC campaign scores the paid click; held at the campaign’s hold score', async () => {
    const l = await link(
      { max_clicks_per_ip_minute: 2, hold_score: 40 },
      { commission_model: 'cpc', payout_minor: 20 },
    );
    const ip = nextIp();
    for (let i = 0; i < 3; i++) await clickOn(t, l.code, { ip });
    const calm = nextIp();
    await clickOn(t, l.code, { ip: calm });
    const rows = await waitForCommissions(l.campaign.id, 2);
    const byScore = rows.sort((a, b) => b.fraudScore - a.fraudScore);
    expect(byScore[0]).toMatchObject({ fraudScore: 40, onReview: true, status: 'pending' });
    expect(byScore[0]!.fraudReasons.map((r) => r.rule)).toEqual(['click_flood']);
    expect(byScore[1]).toMatchObject({ fraudScore: 0, onReview: false });
  });

  it('conversion_rate_spike: today’s rate above K× the 30-day rate, once there are enough clicks', async () => {
    const spiky = await link({ cr_spike_factor: 3 });
    const calm = await link({ cr_spike_factor: 3 });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    for (const [l, conversionsToday] of [
      [spiky, 10],
      [calm, 0],
    ] as const) {
      const [application] = await t.database.db
        .select()
        .from(applications)
        .where(eq(applications.id, l.applicationId));
      const websiteId = application!.websiteId;
      const base = {
        campaignId: l.campaign.id,
        advertiserId: adv.id,
        publisherId: pub.id,
        websiteId,
        currency: 'USD',
      };
      await t.database.db
        .insert(dailyTotals)
        .values([
          { ...base, day: yesterday, clicks: 100, conversions: 1 },
          { ...base, day: today, clicks: 40, conversions: conversionsToday },
        ])
        .onConflictDoNothing();
    }
    const spike = await sale(spiky);
    expect(spike.fraud_reasons).toEqual([
      {
        rule: 'conversion_rate_spike',
        detail: expect.stringMatching(
          /^Conversion rate today [\d.]+ % \(11 of 4\d clicks\) is more than 3× the 30-day 1 %$/,
        ),
      },
    ]);
    // (0 + 1) of 40: 2.5 %, under 3 × 1 %
    expect(rules(await sale(calm))).toEqual([]);
  });

  it('country: a visitor from a country the campaign does not accept; held', async () => {
    const l = await link();
    await acceptOnly(l, ['DK', 'NO']);
    const foreign = await sale(l, { headers: { 'x-country': 'SE' } });
    expect(foreign.fraud_reasons).toEqual([
      { rule: 'country', detail: 'The visitor came from SE; the campaign accepts DK, NO' },
    ]);
    expect(foreign).toMatchObject({ on_review: true, fraud_score: 50 });
    expect(rules(await sale(l, { headers: { 'x-country': 'DK' } }))).toEqual([]);
  });

  it('user_agent: the pixel fired by another browser than the one that clicked', async () => {
    const l = await link({}, { pixel_enabled: true });
    const pixelSale = async (ua: string) => {
      const ip = nextIp();
      const { clickId } = await clickOn(t, l.code, { ip, ua: BROWSER });
      orders += 1;
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/pixel.gif?click_id=${clickId}&order_id=px-${orders}&amount=20.00`,
        remoteAddress: ip,
        headers: { 'user-agent': ua },
      });
      expect(res.statusCode).toBe(201);
      const [row] = await t.database.db
        .select()
        .from(commissions)
        .where(eq(commissions.conversionId, res.headers['x-conversion-id'] as string));
      return row!;
    };
    const other = await pixelSale(OTHER_BROWSER);
    expect(other.fraudReasons).toEqual([
      expect.objectContaining({
        rule: 'user_agent',
        figures: { click_user_agent: BROWSER, pixel_user_agent: OTHER_BROWSER },
      }),
    ]);
    expect((await pixelSale(BROWSER)).fraudReasons).toEqual([]);
  });

  it('rejects at the reject score; the publisher sees which rules but not the figures', async () => {
    const l = await link({ reject_score: 60, hold_score: 30 });
    await acceptOnly(l, ['DK']);
    const home = '198.51.100.201';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: home,
      payload: { email: pub.email, password: pub.password },
    });
    const rejected = await sale(l, { ip: home, headers: { 'x-country': 'SE' } });
    expect(rejected).toMatchObject({
      status: 'rejected',
      on_review: false,
      fraud_score: 110,
      reason: 'Rejected by the traffic quality review',
    });
    const seen = await commissionOf(rejected.id, pub.token);
    expect(seen.fraud_reasons).toEqual([{ rule: 'self_address' }, { rule: 'country' }]);
    expect(JSON.stringify(seen)).not.toMatch(/signed in|accepts/);
    // nor does the campaign tell the publisher its thresholds
    const campaign = await call(t, 'GET', `/api/campaigns/${l.campaign.id}`, { token: pub.token });
    expect(campaign.json().fraud).toBeUndefined();
  });

  it("applies the admin's platform defaults where the campaign sets none, and the built-in ones again once cleared", async () => {
    const admin = await createUser(t, { role: 'admin' });
    const adminToken = await login(t, admin.email, admin.password);
    const settings = (payload: Record<string, number | null>) =>
      call(t, 'PUT', '/api/fraud/settings', { token: adminToken, payload });
    // too_fast alone scores 30: under the built-in hold score (50), at or over an admin's 25
    const l = await link({ min_seconds_to_convert: null });
    expect((await settings({ hold_score: 25 })).statusCode).toBe(200);
    const held = await sale(l);
    expect(held).toMatchObject({ status: 'pending', on_review: true, fraud_score: 30 });
    expect((await settings({ hold_score: null })).statusCode).toBe(200);
    expect(await sale(l)).toMatchObject({ status: 'pending', on_review: false, fraud_score: 30 });
  });

  it('with the rules off (FRAUD_RULES=off), nothing is scored', async () => {
    const off = await createTestApp({ fraudRules: false });
    try {
      const a = await createUser(off, { role: 'advertiser' });
      const p = await createUser(off, { role: 'publisher' });
      const l = await approvedLink(
        off,
        { id: a.id, token: await login(off, a.email, a.password) },
        { id: p.id, token: await login(off, p.email, p.password) },
      );
      const { clickId } = await clickOn(off, l.code);
      const pb = await postback(off, {
        click_id: clickId,
        order_id: 'off-1',
        amount: '50.00',
        event: 'sale',
        secret: l.campaign.tracking_secret,
      });
      const [row] = await off.database.db
        .select()
        .from(commissions)
        .where(eq(commissions.id, pb.json().commission_id));
      expect(row).toMatchObject({ fraudScore: 0, fraudReasons: [], onReview: false, status: 'pending' });
    } finally {
      await off.close();
    }
  });

  it('refuses bad campaign thresholds with a 422 and stores nothing', async () => {
    for (const fraud of [
      { hold_score: 0 },
      { hold_score: 80, reject_score: 50 },
      { cr_spike_factor: 0.5 },
      { max_clicks_per_ip_minute: 'many' },
    ]) {
      const res = await call(t, 'POST', '/api/campaigns', {
        token: adv.token,
        payload: {
          name: 'Bad thresholds',
          category: 'travel',
          landing_url: 'https://shop.example/',
          currency: 'USD',
          commission_model: 'cpa',
          payout_minor: 100,
          fraud,
        },
      });
      expect(res.statusCode, JSON.stringify(fraud)).toBe(422);
      expect(res.json().detail).toMatch(/fraud|hold_score|cr_spike_factor|max_clicks/);
    }
    const mine = await call(t, 'GET', '/api/campaigns?search=Bad%20thresholds', { token: adv.token });
    expect(mine.json()).toEqual([]);
  });
});

/** the campaign's countries, set after its publisher joined (they also limit who may apply) */
async function acceptOnly(l: LinkFixture, countries: string[]) {
  await t.database.db
    .update(campaignsTable)
    .set({ allowedCountries: countries })
    .where(eq(campaignsTable.id, l.campaign.id));
}

async function waitForClick(clickId: string) {
  for (let i = 0; i < 100; i++) {
    const rows = await t.database.db.select().from(clicks).where(eq(clicks.id, clickId));
    if (rows[0]) return rows[0];
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('click not written');
}

async function waitForCommissions(campaignId: string, n: number) {
  for (let i = 0; i < 100; i++) {
    const rows = await t.database.db.select().from(commissions).where(eq(commissions.campaignId, campaignId));
    if (rows.length >= n) return rows;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error('commissions not written');
}

describe('where conversions came from', () => {
  it('is kept two days for the per-address counts, then pruned', async () => {
    await sale(await link());
    // the sale's row: the newest (this file's tests run one after another)
    const [row] = await t.database.db
      .select()
      .from(conversionAddresses)
      .orderBy(desc(conversionAddresses.createdAt))
      .limit(1);
    expect(row).toBeDefined();
    const stored = () =>
      t.database.db
        .select()
        .from(conversionAddresses)
        .where(eq(conversionAddresses.conversionId, row!.conversionId));
    const all = async () => (await t.database.db.select().from(conversionAddresses)).length;
    // a day and a half later it is still counted; past two days it is gone, with every older one
    const at = row!.createdAt.getTime();
    expect(await pruneConversionAddresses(t.database.db, new Date(at + 36 * HOUR))).toBe(0);
    expect(await stored()).toHaveLength(1);
    const before = await all();
    const pruned = await pruneConversionAddresses(t.database.db, new Date(at + 49 * HOUR));
    expect(pruned).toBe(before);
    expect(await stored()).toHaveLength(0);
    expect(await all()).toBe(0);
  });
});

const HOUR = 60 * 60 * 1000;
