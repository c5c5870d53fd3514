import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { conversions } from '../../server/db/schema/tracking';
import { approveDueCommissions } from '../../server/modules/commissions/service';
import type { AppContext } from '../../server/context';
import { EventBus } from '../../server/platform/events';
import { testConfig } from '../../server/config';
import { call, createTestApp, type TestApp } from './support/test-app';
import {
  approvedLink,
  appWithParties,
  clickOn,
  party,
  postback,
  type Party,
} from './support/tracking-fixtures';

let t: TestApp;
let adv: Party;
let pub: Party;

beforeAll(async () => {
  ({ t, adv, pub } = await appWithParties());
});
afterAll(() => t.close());

let visitors = 0;
async function clicked(campaign: Record<string, unknown> = {}) {
  const link = await approvedLink(t, adv, pub, campaign);
  visitors += 1;
  const { clickId } = await clickOn(t, link.code, { ip: `198.51.100.${visitors}` });
  return { ...link, clickId: clickId! };
}

const pixel = (query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/pixel.gif?${new URLSearchParams(query).toString()}` });

const sign = (
  secret: string,
  q: { click_id: string; order_id: string; amount?: string; currency?: string },
) =>
  createHmac('sha256', secret)
    .update(`${q.click_id}|${q.order_id}|${q.amount ?? ''}|${q.currency ?? ''}`)
    .digest('hex');

const conversionsOf = (campaignId: string) =>
  t.database.db.select().from(conversions).where(eq(conversions.campaignId, campaignId));

describe('the browser pixel', () => {
  it('is refused while the campaign has it off (the default), and stores nothing', async () => {
    const l = await clicked();
    const res = await pixel({ click_id: l.clickId, order_id: 'o-1', amount: '10.00' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/pixel is off for this campaign/);
    expect(await conversionsOf(l.campaign.id)).toHaveLength(0);
  });

  it('takes one unsigned conversion per click: new order ids for the same click are refused', async () => {
    const l = await clicked({ pixel_enabled: true });
    const first = await pixel({ click_id: l.clickId, order_id: 'o-1', amount: '10.00' });
    expect(first.statusCode).toBe(201);
    // the same order again is the same conversion (idempotent), not a refusal
    expect((await pixel({ click_id: l.clickId, order_id: 'o-1', amount: '10.00' })).statusCode).toBe(200);
    for (const order of ['o-2', 'o-3', 'o-4', 'o-5']) {
      const replay = await pixel({ click_id: l.clickId, order_id: order, amount: '10.00' });
      expect(replay.statusCode).toBe(409);
      expect(replay.json().detail).toMatch(/already has a conversion reported by an unsigned pixel/);
    }
    const rows = await conversionsOf(l.campaign.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'pixel', clientReported: true });
  });

  it('caps an unsigned amount at the campaign’s max_order_minor, with the reason', async () => {
    const l = await clicked({
      pixel_enabled: true,
      commission_model: 'revshare',
      payout_minor: null,
      revshare_bps: 1000,
      currency: 'EUR',
      max_order_minor: 50_000,
    });
    const huge = await pixel({ click_id: l.clickId, order_id: 'big', amount: '1000000000', currency: 'EUR' });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().detail).toMatch(/above this campaign’s maximum of 500\.00 EUR for unsigned pixel/);
    expect(await conversionsOf(l.campaign.id)).toHaveLength(0);
    const ok = await pixel({ click_id: l.clickId, order_id: 'fine', amount: '500.00', currency: 'EUR' });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses unsigned pixels on a revshare campaign without a cap', async () => {
    const l = await clicked({
      pixel_enabled: true,
      commission_model: 'revshare',
      payout_minor: null,
      revshare_bps: 1000,
    });
    const res = await pixel({ click_id: l.clickId, order_id: 'x', amount: '20.00' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/needs a maximum order amount/);
  });

  it('counts a signed pixel like a postback: no cap, several per click, not client-reported', async () => {
    const l = await clicked({ pixel_enabled: true, max_order_minor: 1_000 });
    for (const order_id of ['s-1', 's-2']) {
      const q = { click_id: l.clickId, order_id, amount: '250.00', currency: 'USD' };
      const res = await pixel({ ...q, sig: sign(l.campaign.tracking_secret, q) });
      expect(res.statusCode).toBe(201);
    }
    const rows = await conversionsOf(l.campaign.id);
    expect(rows.map((r) => r.clientReported)).toEqual([false, false]);
  });

  it('refuses a wrong signature, including one over a changed amount', async () => {
    const l = await clicked({ pixel_enabled: true });
    const signed = { click_id: l.clickId, order_id: 'sig-1', amount: '10.00', currency: 'USD' };
    const sig = sign(l.campaign.tracking_secret, signed);
    const tampered = await pixel({ ...signed, amount: '99999.00', sig });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().detail).toMatch(/signature \(sig\) does not match/);
    const other = await pixel({ ...signed, sig: sign('not-the-secret', signed) });
    expect(other.statusCode).toBe(403);
    expect(await conversionsOf(l.campaign.id)).toHaveLength(0);
  });

  it('never auto-approves an unsigned pixel’s commission; postbacks and signed pixels are approved', async () => {
    const l = await clicked({ pixel_enabled: true });
    expect((await pixel({ click_id: l.clickId, order_id: 'u-1' })).statusCode).toBe(201);
    const signedQ = { click_id: l.clickId, order_id: 'u-2' };
    expect((await pixel({ ...signedQ, sig: sign(l.campaign.tracking_secret, signedQ) })).statusCode).toBe(
      201,
    );
    const pb = await postback(t, {
      click_id: l.clickId,
      order_id: 'u-3',
      event: 'sale',
      secret: l.campaign.tracking_secret,
    });
    expect(pb.statusCode).toBe(201);

    const later = new Date(Date.now() + 400 * 24 * 3600 * 1000);
    const ctx = {
      db: t.database.db,
      notifier: { notify: async () => undefined },
      events: new EventBus(),
    } as unknown as AppContext;
    expect(await approveDueCommissions(ctx, later)).toBeGreaterThanOrEqual(2);
    const rows = await t.database.db
      .select({ status: commissions.status, orderId: conversions.orderId })
      .from(commissions)
      .innerJoin(conversions, eq(conversions.id, commissions.conversionId))
      .where(and(eq(commissions.campaignId, l.campaign.id)));
    const byOrder = Object.fromEntries(rows.map((r) => [r.orderId, r.status]));
    expect(byOrder).toEqual({ 'u-1': 'pending', 'u-2': 'approved', 'u-3': 'approved' });

    // the publisher's list says the unsigned one waits for the advertiser, not for a date
    const list = await call(t, 'GET', `/api/commissions?campaign_id=${l.campaign.id}&status=pending`, {
      token: pub.token,
    });
    expect(list.json()).toEqual([
      expect.objectContaining({ order_id: 'u-1', client_reported: true, auto_approve_at: null }),
    ]);
  });

  it('shows pixel_enabled and max_order_minor on the campaign, off and uncapped by default', async () => {
    const l = await approvedLink(t, adv, pub);
    expect(l.campaign).toMatchObject({ pixel_enabled: false, max_order_minor: null });
    const res = await call(t, 'PUT', `/api/campaigns/${l.campaign.id}`, {
      token: adv.token,
      payload: { pixel_enabled: true, max_order_minor: 3_000_000_000, budget_minor: 5_000_000_000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      pixel_enabled: true,
      max_order_minor: 3_000_000_000,
      budget_minor: 5_000_000_000,
    });
  });
});

describe('refused postbacks', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp({
      rateLimits: { ...testConfig().rateLimits, postbackFailuresPerAddress: { max: 3, windowMs: 60_000 } },
    });
  });
  afterAll(() => own.close());

  it('are limited per address: wrong secrets and unknown clicks past the limit get 429', async () => {
    const a = await party(own, 'advertiser');
    const p = await party(own, 'publisher');
    const link = await approvedLink(own, a, p);
    const { clickId } = await clickOn(own, link.code, { ip: '198.51.100.200' });
    const send = (secret: string, click = clickId!, remoteAddress = '192.0.2.77') =>
      own.app.inject({
        method: 'POST',
        url: '/api/postback',
        remoteAddress,
        payload: { click_id: click, order_id: `guess-${Math.random()}`, event: 'sale', secret },
      });
    expect((await send('guess-1')).statusCode).toBe(403);
    expect((await send('guess-2', 'no-such-click')).statusCode).toBe(404);
    expect((await send('guess-3')).statusCode).toBe(403);
    const limited = await send('guess-4');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not affected, and the right secret from there records the sale
    expect((await send(link.campaign.tracking_secret, clickId!, '192.0.2.78')).statusCode).toBe(201);
  });
});
