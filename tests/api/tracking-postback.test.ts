import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { campaigns } from '../../server/db/schema/marketplace';
import { notifications } from '../../server/db/schema/notifications';
import { clicks, conversions } from '../../server/db/schema/tracking';
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

beforeAll(async () => {
  ({ t, adv, pub } = await appWithParties());
});
afterAll(() => t.close());

let orders = 0;
const order = () => `order-${++orders}`;

async function clicked(campaign: Record<string, unknown> = {}) {
  const link = await approvedLink(t, adv, pub, campaign);
  const { clickId } = await clickOn(t, link.code, { ip: `203.0.113.${orders % 250}` });
  return { ...link, clickId: clickId! };
}
const sale = (l: LinkFixture & { clickId: string }, extra: Record<string, unknown> = {}) =>
  postback(t, {
    click_id: l.clickId,
    order_id: order(),
    amount: '80.00',
    currency: l.campaign.currency,
    event: 'sale',
    secret: l.campaign.tracking_secret,
    ...extra,
  });
const conversionCount = async (campaignId: string) =>
  (await t.database.db.select().from(conversions).where(eq(conversions.campaignId, campaignId))).length;

describe('POST /api/postback', () => {
  it('records the conversion and a pending commission before answering, right after the click', async () => {
    const l = await clicked();
    const res = await sale(l);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'pending',
      duplicate: false,
      amount_minor: 8000,
      currency: 'USD',
      commission_minor: 1500,
    });
    const [commission] = await t.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.id, body.commission_id));
    expect(commission).toMatchObject({
      conversionId: body.conversion_id,
      publisherId: pub.id,
      amountMinor: 1500,
      status: 'pending',
    });
    const mine = await t.database.db.select().from(notifications).where(eq(notifications.userId, pub.id));
    expect(mine.some((n) => n.title === 'New conversion: 15.00 USD pending')).toBe(true);
  });

  it('answers a repeated order with the first result and creates nothing, also under concurrent requests', async () => {
    const l = await clicked();
    const payload = {
      click_id: l.clickId,
      order_id: 'same-order',
      amount: '10.00',
      event: 'sale',
      secret: l.campaign.tracking_secret,
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => postback(t, payload)));
    const created = answers.filter((r) => r.statusCode === 201);
    const repeats = answers.filter((r) => r.statusCode === 200);
    expect(created).toHaveLength(1);
    expect(repeats).toHaveLength(7);
    for (const r of repeats) {
      expect(r.json()).toMatchObject({ ...created[0]!.json(), duplicate: true });
    }
    expect(await conversionCount(l.campaign.id)).toBe(1);
    const later = await postback(t, payload);
    expect(later.statusCode).toBe(200);
    expect(later.json().conversion_id).toBe(created[0]!.json().conversion_id);
  });

  it('accepts form bodies and GET postback URLs', async () => {
    const l = await clicked();
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/postback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        click_id: l.clickId,
        order_id: 'f-1',
        amount: '5',
        secret: l.campaign.tracking_secret,
      }).toString(),
    });
    expect(form.statusCode).toBe(201);
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/postback?${new URLSearchParams({ click_id: l.clickId, order_id: 'g-1', amount: '5', secret: l.campaign.tracking_secret })}`,
    });
    expect(get.statusCode).toBe(201);
    expect(await conversionCount(l.campaign.id)).toBe(2);
  });

  it('refuses each bad postback with its reason and stores nothing', async () => {
    const l = await clicked();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ click_id: 'no-such-click' }, 404, /Unknown click_id/],
      [{ secret: 'wrong' }, 403, /secret does not match/],
      [{ secret: undefined }, 422, /secret/],
      [{ order_id: '' }, 422, /order_id/],
      [{ currency: 'XYZ' }, 422, /XYZ is not supported/],
      [{ amount: 'abc' }, 422, /decimal/],
      [{ amount: '1.234' }, 422, /more than 2 decimals/],
      [{ amount: -5 }, 422, /amount/],
      [{ event: 'lead' }, 422, /pays per sale/],
      [{ event: 'refund' }, 422, /event/],
    ];
    for (const [override, status, detail] of cases) {
      const res = await sale(l, override);
      expect(res.statusCode, JSON.stringify(override)).toBe(status);
      expect(res.json().detail).toMatch(detail);
    }
    expect(await conversionCount(l.campaign.id)).toBe(0);
  });

  it('refuses conversions for a paused campaign, a suspended link or a bot click', async () => {
    const paused = await clicked();
    await call(t, 'PUT', `/api/campaigns/${paused.campaign.id}`, {
      token: adv.token,
      payload: { status: 'paused' },
    });
    const r1 = await sale(paused);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().detail).toMatch(/campaign is paused/);

    const suspended = await clicked();
    await call(t, 'POST', `/api/applications/${suspended.applicationId}/suspend`, {
      token: adv.token,
      payload: { reason: 'quality' },
    });
    const r2 = await sale(suspended);
    expect(r2.statusCode).toBe(409);
    expect(r2.json().detail).toMatch(/no longer active/);

    const link = await approvedLink(t, adv, pub);
    const bot = await clickOn(t, link.code, { ua: 'Googlebot/2.1' });
    const r3 = await sale({ ...link, clickId: bot.clickId! });
    expect(r3.statusCode).toBe(422);
    expect(r3.json().detail).toMatch(/bot/);
  });

  it('accepts a conversion on the last minute of the attribution window and refuses one a minute after', async () => {
    const l = await clicked({ attribution_days: 7 });
    const other = await clickOn(t, l.code, { ip: '198.51.100.77' });
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    // both clicks must be written (≤ 250 ms buffer) before they can be aged
    for (let i = 0; i < 200; i++) {
      const written = await t.database.db.select().from(clicks).where(eq(clicks.campaignId, l.campaign.id));
      if (written.length === 2) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await t.database.db
      .update(clicks)
      .set({ createdAt: new Date(now - 7 * day + 60_000) })
      .where(eq(clicks.id, l.clickId));
    await t.database.db
      .update(clicks)
      .set({ createdAt: new Date(now - 7 * day - 60_000) })
      .where(eq(clicks.id, other.clickId!));
    expect((await sale(l)).statusCode).toBe(201);
    const late = await sale({ ...l, clickId: other.clickId! });
    expect(late.statusCode).toBe(422);
    expect(late.json().detail).toMatch(/attribution window of 7 days/);
  });

  it('converts the order into the campaign currency with the stored rate and pays revshare on it', async () => {
    const l = await clicked({
      commission_model: 'revshare',
      payout_minor: null,
      revshare_bps: 1000,
      currency: 'USD',
    });
    // 100.00 EUR at 0.85 per USD = 117.647… USD → 117.65; 10 % = 11.765 → 11.77 (half away from zero)
    const res = await sale(l, { amount: '100.00', currency: 'EUR' });
    expect(res.json()).toMatchObject({ amount_minor: 11765, currency: 'USD', commission_minor: 1177 });
    const [row] = await t.database.db
      .select()
      .from(conversions)
      .where(eq(conversions.id, res.json().conversion_id));
    expect(row).toMatchObject({ originalAmountMinor: 10000, originalCurrency: 'EUR', amountMinor: 11765 });
    expect(row!.rate).toMatch(/^1\.17647059 \(built-in\)$/);

    const yen = await clicked({
      commission_model: 'revshare',
      payout_minor: null,
      revshare_bps: 250,
      currency: 'JPY',
    });
    const y = await sale(yen, { amount: '12345', currency: 'JPY' });
    // 12 345 × 2.5 % = 308.625 → 309 yen
    expect(y.json()).toMatchObject({ amount_minor: 12345, currency: 'JPY', commission_minor: 309 });
    expect((await sale(yen, { amount: '10.5', currency: 'JPY' })).statusCode).toBe(422);
  });

  it('applies tiers, rejects commissions past the daily cap, and pauses the campaign at its budget', async () => {
    const tiered = await clicked({ tiers: [{ min_conversions_in_month: 2, payout_minor: 2000 }] });
    expect((await sale(tiered)).json().commission_minor).toBe(1500);
    expect((await sale(tiered)).json().commission_minor).toBe(2000);

    const capped = await clicked({ daily_cap_minor: 1500 });
    expect((await sale(capped)).json().status).toBe('pending');
    const over = await sale(capped);
    expect(over.json()).toMatchObject({ status: 'rejected' });
    const [rejected] = await t.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.id, over.json().commission_id));
    expect(rejected!.reason).toMatch(/daily cap/);

    const budget = await clicked({ budget_minor: 3000 });
    expect((await sale(budget)).statusCode).toBe(201);
    expect((await sale(budget)).statusCode).toBe(201);
    const [c] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, budget.campaign.id));
    expect(c!.status).toBe('paused');
    expect((await sale(budget)).statusCode).toBe(409);
  });

  it('records pixel conversions as client-reported and answers with a GIF', async () => {
    const l = await clicked({ pixel_enabled: true });
    const url = `/api/pixel.gif?click_id=${l.clickId}&order_id=px-1&amount=12.00`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toBe('image/gif');
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(conversions)
      .where(and(eq(conversions.campaignId, l.campaign.id), eq(conversions.orderId, 'px-1')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'pixel', clientReported: true });
    const bad = await t.app.inject({ method: 'GET', url: '/api/pixel.gif?click_id=nope&order_id=x' });
    expect(bad.statusCode).toBe(404);
  });

  it('stops accepting the old secret once the advertiser rotates it', async () => {
    const l = await clicked();
    const rotated = await call(t, 'POST', `/api/campaigns/${l.campaign.id}/tracking-secret`, {
      token: adv.token,
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().tracking_secret;
    expect(fresh).not.toBe(l.campaign.tracking_secret);
    expect((await sale(l)).statusCode).toBe(403);
    expect((await sale(l, { secret: fresh })).statusCode).toBe(201);
    const other = await party(t, 'advertiser');
    expect(
      (await call(t, 'POST', `/api/campaigns/${l.campaign.id}/tracking-secret`, { token: other.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t, 'POST', `/api/campaigns/${l.campaign.id}/tracking-secret`, { token: pub.token }))
        .statusCode,
    ).toBe(403);
  });
});
