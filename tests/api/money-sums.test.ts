import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { conversions } from '../../server/db/schema/tracking';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, clickOn, party, postback, type Party } from './support/tracking-fixtures';

// Money sums stay exact past 2^53 minor units and never make an answer fail: each conversion's amount is
// capped (MAX_CONVERSION_AMOUNT_MINOR), sums are added as bigint and go out as a string of digits when a
// JSON number would be rounded. Runs on PGlite, and on PostgreSQL with DATABASE_URL.

const SAFE = Number.MAX_SAFE_INTEGER; // 9007199254740991
/** 9007199254740991 cents: the largest amount a conversion could report before the cap */
const HUGE = '90071992547409.91';

let clickNo = 0;

async function convert(
  t: TestApp,
  link: Awaited<ReturnType<typeof approvedLink>>,
  amount: string,
  source = 'postback',
) {
  const { clickId } = await clickOn(t, link.code, { ip: `198.51.100.${++clickNo % 250}` });
  const order = `big-${clickNo}`;
  if (source === 'pixel') {
    return t.app.inject({
      method: 'GET',
      url: `/api/pixel.gif?click_id=${clickId}&order_id=${order}&amount=${amount}&event=sale`,
    });
  }
  return postback(t, {
    click_id: clickId,
    order_id: order,
    amount,
    event: 'sale',
    secret: link.campaign.tracking_secret,
  });
}

describe('the amount of one conversion', () => {
  let t: TestApp;
  let adv: Party;
  let pub: Party;
  beforeAll(async () => {
    t = await createTestApp();
    [adv, pub] = await Promise.all([party(t, 'advertiser'), party(t, 'publisher')]);
  });
  afterAll(() => t.close());

  it('is refused above 100,000,000.00 with a 422 naming the field and the limit, creating nothing', async () => {
    const link = await approvedLink(t, adv, pub, { pixel_enabled: true });
    for (const [amount, source] of [
      [HUGE, 'postback'],
      ['100000000.01', 'postback'],
      [HUGE, 'pixel'],
    ] as const) {
      const res = await convert(t, link, amount, source);
      expect(res.statusCode, `${source} ${amount}`).toBe(422);
      expect(res.json().detail).toMatch(
        /^amount: [\d,.]+ USD is above the largest amount one conversion may report, 100,000,000\.00 USD$/,
      );
      expect(res.json().errors).toEqual([{ field: 'amount', message: expect.any(String) }]);
    }
    const stored = await t.database.db
      .select()
      .from(conversions)
      .where(eq(conversions.campaignId, link.campaign.id));
    expect(stored).toHaveLength(0);
    // the largest amount allowed still converts
    expect((await convert(t, link, '100000000.00')).statusCode).toBe(201);
  });

  it('is capped in the campaign currency too, after conversion', async () => {
    const link = await approvedLink(t, adv, pub, { currency: 'JPY', payout_minor: 1500 });
    // 99,999,999.00 USD is below the cap in USD, and far above ¥10,000,000,000 at any stored rate
    const res = await postback(t, {
      click_id: (await clickOn(t, link.code, { ip: '198.51.100.251' })).clickId,
      order_id: 'usd-into-jpy',
      amount: '99999999.00',
      currency: 'USD',
      event: 'sale',
      secret: link.campaign.tracking_secret,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/^amount: [\d,]+ JPY is above .* 10,000,000,000 JPY$/);
  });
});

describe('sums past 2^53 minor units', () => {
  let t: TestApp;
  let adv: Party;
  let pub: Party;
  let admin: Party;
  let link: Awaited<ReturnType<typeof approvedLink>>;
  const ids: string[] = [];

  beforeAll(async () => {
    // an install that raised the cap to its maximum: two conversions then sum past 2^53
    t = await createTestApp({ maxConversionAmountMinor: SAFE });
    [adv, pub, admin] = await Promise.all([party(t, 'advertiser'), party(t, 'publisher'), party(t, 'admin')]);
    await call(t, 'PUT', '/api/auth/profile', {
      token: pub.token,
      payload: { payout_method: 'paypal', payout_details: 'big@paypal.example' },
    });
    // revshare at 100 %: each commission is the whole order, 9007199254740991 cents
    link = await approvedLink(t, adv, pub, {
      commission_model: 'revshare',
      revshare_bps: 10_000,
      payout_minor: undefined,
    });
    for (const amount of [HUGE, HUGE, '0.02']) {
      const res = await convert(t, link, amount);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().commission_id);
    }
    for (const id of ids) {
      const res = await call(t, 'POST', `/api/commissions/${id}/approve`, { token: adv.token });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  // 2 × 9007199254740991 + 2
  const TOTAL = '18014398509481984';

  it('balances and totals answer the exact sum as a string of digits', async () => {
    const balance = await call(t, 'GET', '/api/commissions/balance', { token: pub.token });
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json()).toEqual([{ currency: 'USD', approved_minor: TOTAL, pending_minor: 0 }]);
    const totals = await call(t, 'GET', '/api/commissions/totals', { token: adv.token });
    expect(totals.statusCode, totals.body).toBe(200);
    expect(JSON.stringify(totals.json())).toContain(`"${TOTAL}"`);
  });

  it('dashboards of all three roles answer, with exact sums', async () => {
    for (const who of [pub, adv, admin]) {
      const res = await call(t, 'GET', '/api/analytics/dashboard?currency=USD', { token: who.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().kpis.revenue_minor).toBe(TOTAL);
      expect(res.json().kpis.approved_minor).toBe(TOTAL);
      expect(res.json().kpis.commission_minor).toBe(TOTAL);
      expect(res.json().kpis.clicks).toBe(3);
    }
  });

  it('reports answer in JSON and CSV, with exact sums', async () => {
    for (const group of ['campaign', 'day', 'sub2']) {
      const res = await call(t, 'GET', `/api/reports?group_by=${group}&currency=USD`, { token: adv.token });
      expect(res.statusCode, `${group}: ${res.body}`).toBe(200);
      expect(res.json().totals.revenue_minor).toBe(TOTAL);
      expect(res.json().totals.commission_minor).toBe(TOTAL);
    }
    const csv = await call(t, 'GET', '/api/reports?group_by=campaign&currency=USD&format=csv', {
      token: adv.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('180143985094819.84');
  });

  it('payout eligibility answers, and the admin pages of the publisher', async () => {
    const res = await call(t, 'GET', '/api/payouts/eligibility', { token: pub.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().balances[0]).toMatchObject({
      currency: 'USD',
      available_minor: TOTAL,
      can_request: true,
    });
    const detail = await call(t, 'GET', `/api/admin/users/${pub.id}`, { token: admin.token });
    expect(detail.statusCode, detail.body).toBe(200);
  });

  it('a payout is exactly the sum of the commissions it covers, and lists answer afterwards', async () => {
    const res = await call(t, 'POST', '/api/payouts', { token: pub.token, payload: { currency: 'USD' } });
    expect(res.statusCode, res.body).toBe(201);
    const payout = res.json();
    const [covered] = await t.database.db
      .select({ sum: sql<string>`sum(${commissions.amountMinor})::text` })
      .from(commissions)
      .where(eq(commissions.payoutId, payout.id));
    expect(String(payout.amount_minor)).toBe(covered?.sum);
    // one payout stays a safe integer: what it could not take stays in the balance for the next one
    expect(Number.isSafeInteger(payout.amount_minor)).toBe(true);
    const balance = await call(t, 'GET', '/api/commissions/balance', { token: pub.token });
    expect(BigInt(balance.json()[0].approved_minor) + BigInt(payout.amount_minor)).toBe(BigInt(TOTAL));

    for (const who of [admin, pub]) {
      const list = await call(t, 'GET', '/api/payouts', { token: who.token });
      expect(list.statusCode, list.body).toBe(200);
    }
    const one = await call(t, 'GET', `/api/payouts/${payout.id}`, { token: admin.token });
    expect(one.statusCode, one.body).toBe(200);
    const dashboard = await call(t, 'GET', '/api/analytics/dashboard?currency=USD', { token: admin.token });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
  });
});
