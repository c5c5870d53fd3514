import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { conversions } from '../../server/db/schema/tracking';
import { expectStoresNothing, tableCounter, type TableCounts } from './support/table-counts';
import { call, type TestApp } from './support/test-app';
import {
  approvedLink,
  appWithParties,
  clickOn,
  party,
  postback,
  type LinkFixture,
  type Party,
} from './support/tracking-fixtures';

let t: TestApp;
let adv: Party;
let pub: Party;
let counts: () => Promise<TableCounts>;

beforeAll(async () => {
  ({ t, adv, pub } = await appWithParties());
  counts = await tableCounter(t);
});
afterAll(() => t.close());

let n = 0;
const next = (prefix: string) => `${prefix}-${++n}`;

/** The request answers `status` and changes no table's row count. */
const storesNothing = <R extends { statusCode: number }>(request: () => Promise<R>, status: number) =>
  expectStoresNothing(counts, request, status);

/** A subscription campaign, a click on it and the first sale of `customer`. */
async function firstSale(recurring: Record<string, unknown> | null, customer: Record<string, string>) {
  const link = await approvedLink(t, adv, pub, { recurring });
  const { clickId } = await clickOn(t, link.code, { ip: `198.51.100.${n % 200}` });
  const res = await postback(t, {
    click_id: clickId,
    order_id: next('first'),
    amount: '30.00',
    secret: link.campaign.tracking_secret,
    ...customer,
  });
  expect(res.statusCode).toBe(201);
  return { link, sale: res.json() as { conversion_id: string; commission_id: string } };
}

const renewal = (link: LinkFixture, extra: Record<string, unknown>) =>
  postback(t, {
    event: 'renewal',
    order_id: next('renewal'),
    amount: '30.00',
    secret: link.campaign.tracking_secret,
    ...extra,
  });

describe('recurring commissions', () => {
  it('shows the campaign’s recurring terms and refuses bad ones with 422, storing nothing', async () => {
    const link = await approvedLink(t, adv, pub, { recurring: { months: 12, payout_minor: 500 } });
    expect(link.campaign).toMatchObject({ recurring: { months: 12, payout_minor: 500 } });
    for (const recurring of [
      { months: 0, payout_minor: 500 },
      { months: 121, payout_minor: 500 },
      { months: 3 },
      { months: 3, payout_minor: 500, revshare_bps: 100 },
      { months: 3, revshare_bps: 0 },
      { months: 1.5, payout_minor: 500 },
      { payout_minor: 500 },
      'monthly',
    ]) {
      const res = await storesNothing(
        () =>
          call(t, 'PUT', `/api/campaigns/${link.campaign.id}`, { token: adv.token, payload: { recurring } }),
        422,
      );
      expect(res.json().detail, JSON.stringify(recurring)).toMatch(/recurring/);
    }
    const cpc = await storesNothing(
      () =>
        call(t, 'POST', '/api/campaigns', {
          token: adv.token,
          payload: {
            name: 'Per click',
            category: 'travel',
            landing_url: 'https://shop.example/',
            currency: 'USD',
            commission_model: 'cpc',
            payout_minor: 10,
            recurring: { months: null, payout_minor: 5 },
          },
        }),
      422,
    );
    expect(cpc.json().detail).toMatch(/^recurring:/);
    const other = await party(t, 'advertiser');
    await storesNothing(
      () =>
        call(t, 'PUT', `/api/campaigns/${link.campaign.id}`, {
          token: other.token,
          payload: { recurring: null },
        }),
      404,
    );
  });

  it('credits each renewal to the first sale’s publisher without a click, once per order_id', async () => {
    const { link, sale } = await firstSale({ months: 12, payout_minor: 500 }, { customer_id: 'cust-1' });
    const orderId = next('renewal');
    const res = await renewal(link, { customer_id: 'cust-1', order_id: orderId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ commission_minor: 500, attributed_by: 'click', status: 'pending' });
    const [row] = await t.database.db
      .select()
      .from(conversions)
      .where(eq(conversions.id, res.json().conversion_id));
    expect(row).toMatchObject({ event: 'renewal', renewalOf: sale.conversion_id, publisherId: pub.id });
    const again = await storesNothing(() => renewal(link, { customer_id: 'cust-1', order_id: orderId }), 200);
    expect(again.json()).toMatchObject({ conversion_id: res.json().conversion_id, duplicate: true });
    // a second renewal is paid too
    expect((await renewal(link, { customer_id: 'cust-1' })).json().commission_minor).toBe(500);
    const listed = (
      await call(t, 'GET', `/api/commissions?campaign_id=${link.campaign.id}`, { token: pub.token })
    ).json() as { event: string }[];
    expect(listed.map((c) => c.event).sort()).toEqual(['renewal', 'renewal', 'sale']);
  });

  it('finds the first sale by subscription_id too, and pays a share of the renewal amount', async () => {
    const { link } = await firstSale({ months: null, revshare_bps: 1000 }, { subscription_id: 'sub-9' });
    const res = await renewal(link, { subscription_id: 'sub-9', amount: '49.99' });
    expect(res.statusCode).toBe(201);
    // 10 % of 49.99, rounded half away from zero
    expect(res.json().commission_minor).toBe(500);
    const noAmount = await storesNothing(
      () => renewal(link, { subscription_id: 'sub-9', amount: undefined }),
      422,
    );
    expect(noAmount.json().detail).toMatch(/^amount:/);
  });

  it('refuses unknown customers, missing ids, campaigns without renewals and foreign campaigns (422)', async () => {
    const { link } = await firstSale({ months: 12, payout_minor: 500 }, { customer_id: 'cust-2' });
    const unknown = await storesNothing(() => renewal(link, { customer_id: 'nobody' }), 422);
    expect(unknown.json().detail).toMatch(/^customer_id: Unknown customer_id/);
    const missing = await storesNothing(() => renewal(link, {}), 422);
    expect(missing.json().detail).toMatch(/^customer_id:/);
    const plain = await firstSale(null, { customer_id: 'cust-3' });
    const off = await storesNothing(() => renewal(plain.link, { customer_id: 'cust-3' }), 422);
    expect(off.json().detail).toMatch(/does not pay on renewals/);
    // another advertiser's secret does not reach this campaign's customers
    const other = await party(t, 'advertiser');
    const foreign = await approvedLink(t, other, pub, { recurring: { months: 12, payout_minor: 500 } });
    await storesNothing(() => renewal(foreign, { customer_id: 'cust-2' }), 422);
    await storesNothing(
      () => renewal(foreign, { customer_id: 'cust-2', campaign_id: link.campaign.id }),
      403,
    );
    await storesNothing(() => renewal(link, { customer_id: 'cust-2', secret: 'wrong' }), 403);
  });

  it('stops paying N months after the first sale; null months pays for life', async () => {
    const { link, sale } = await firstSale({ months: 2, payout_minor: 500 }, { customer_id: 'cust-old' });
    const longAgo = new Date(Date.now() - 70 * 24 * 60 * 60 * 1000);
    await t.database.db
      .update(conversions)
      .set({ createdAt: longAgo })
      .where(eq(conversions.id, sale.conversion_id));
    const res = await storesNothing(() => renewal(link, { customer_id: 'cust-old' }), 422);
    expect(res.json().detail).toMatch(/for 2 months/);
    await call(t, 'PUT', `/api/campaigns/${link.campaign.id}`, {
      token: adv.token,
      payload: { recurring: { months: null, payout_minor: 500 } },
    });
    expect((await renewal(link, { customer_id: 'cust-old' })).statusCode).toBe(201);
  });

  it('credits renewals of a coupon sale to the code’s publisher, attributed by coupon', async () => {
    const link = await approvedLink(t, adv, pub, { recurring: { months: 6, payout_minor: 300 } });
    await call(t, 'POST', `/api/campaigns/${link.campaign.id}/coupons`, {
      token: adv.token,
      payload: { code: 'SUBSCRIBE', publisher_id: pub.id },
    });
    const first = await postback(t, {
      coupon: 'subscribe',
      customer_id: 'cust-coupon',
      order_id: next('first'),
      amount: '10',
      secret: link.campaign.tracking_secret,
    });
    expect(first.json().attributed_by).toBe('coupon');
    const res = await renewal(link, { customer_id: 'cust-coupon' });
    expect(res.json()).toMatchObject({ attributed_by: 'coupon', commission_minor: 300 });
    const [row] = await t.database.db
      .select()
      .from(conversions)
      .where(eq(conversions.id, res.json().conversion_id));
    expect(row).toMatchObject({ clickId: null, publisherId: pub.id });
    expect(row!.couponId).not.toBeNull();
  });

  it('a refund reverses only that renewal’s commission', async () => {
    const { link, sale } = await firstSale({ months: 12, payout_minor: 500 }, { customer_id: 'cust-refund' });
    const r1 = (await renewal(link, { customer_id: 'cust-refund' })).json();
    const r2 = (await renewal(link, { customer_id: 'cust-refund' })).json();
    for (const id of [sale.commission_id, r1.commission_id, r2.commission_id]) {
      const approved = await call(t, 'POST', `/api/commissions/${id}/approve`, { token: adv.token });
      expect(approved.statusCode).toBe(200);
    }
    const reversed = await call(t, 'POST', `/api/commissions/${r1.commission_id}/reverse`, {
      token: adv.token,
      payload: { reason: 'Renewal refunded' },
    });
    expect(reversed.statusCode).toBe(200);
    const statusOf = async (id: string) =>
      (await t.database.db.select().from(commissions).where(eq(commissions.id, id)))[0]!.status;
    expect(await statusOf(r1.commission_id)).toBe('reversed');
    expect(await statusOf(r2.commission_id)).toBe('approved');
    expect(await statusOf(sale.commission_id)).toBe('approved');
  });
});
