import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { testConfig } from '../../server/config';
import { notifications } from '../../server/db/schema/notifications';
import { approvedLink, clickOn, party, postback, type Party } from './support/tracking-fixtures';
import { call, createTestApp, type TestApp } from './support/test-app';
import { startReceiver, type Receiver } from './support/receiver';

let t: TestApp;
let adv: Party;
let pub: Party;
let otherAdv: Party;
let admin: Party;
let receiver: Receiver;

const delivery = {
  ...testConfig().delivery,
  // the production poll interval: the worker runs by itself here
  pollMs: 250,
  // fast retries; the disable test uses its own app
  retryDelaysMs: [300, 300, 300, 300, 300, 300, 300],
};

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({ allowPrivateNetworks: true, delivery });
  adv = await party(t, 'advertiser');
  pub = await party(t, 'publisher');
  otherAdv = await party(t, 'advertiser');
  admin = await party(t, 'admin');
});

afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

async function hook(app: TestApp, who: Party, path: string, events = ['conversion.created']) {
  const res = await call(app, 'POST', '/api/webhooks', {
    token: who.token,
    payload: { url: `${receiver.url}${path}`, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string };
}

async function convert(app: TestApp, link: Awaited<ReturnType<typeof approvedLink>>, orderId: string) {
  const { clickId } = await clickOn(app, link.code, { query: '?sub1=s-1' });
  const res = await postback(app, {
    click_id: clickId,
    order_id: orderId,
    amount: '80.00',
    event: 'sale',
    secret: link.campaign.tracking_secret,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { conversion_id: string; commission_id: string };
}

describe('webhook deliveries', () => {
  it('delivers a signed conversion.created within 2 s of the postback, to the owner and admins only', async () => {
    const own = await hook(t, adv, '/adv');
    await hook(t, otherAdv, '/other');
    const mine = await hook(t, admin, '/admin');
    const link = await approvedLink(t, adv, pub);

    const sent = Date.now();
    const conversion = await convert(t, link, 'order-fast-1');
    const [got] = await receiver.waitFor(1, (r) => r.url === '/adv', 2_000);
    expect(got!.at - sent).toBeLessThan(2_000);
    const body = new Webhook(own.secret).verify(got!.body, got!.headers as Record<string, string>) as {
      id: string;
      type: string;
      created_at: string;
      data: Record<string, unknown>;
    };
    expect(body.type).toBe('conversion.created');
    expect(got!.headers['webhook-id']).toBe(body.id);
    expect(body.data).toMatchObject({
      id: conversion.conversion_id,
      commission_id: conversion.commission_id,
      campaign_id: link.campaign.id,
      order_id: 'order-fast-1',
      amount_minor: 8000,
      currency: 'USD',
      commission_minor: 1500,
      status: 'pending',
    });
    // another advertiser's endpoint never hears of it; the admin's does
    const [forAdmin] = await receiver.waitFor(1, (r) => r.url === '/admin', 2_000);
    expect(() =>
      new Webhook(mine.secret).verify(forAdmin!.body, forAdmin!.headers as Record<string, string>),
    ).not.toThrow();
    await t.app.settle();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.filter((r) => r.url === '/other')).toEqual([]);
  });

  it('keeps retrying while the receiver is down and delivers once it is back', async () => {
    const own = await hook(t, adv, '/down');
    const link = await approvedLink(t, adv, pub);
    await receiver.stop();
    try {
      const conversion = await convert(t, link, 'order-down-1');
      // a few attempts fail while it is down
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const log = await call(t, 'GET', `/api/webhooks/${own.id}/deliveries`, { token: adv.token });
      const failed = log.json().filter((d: { error: string | null }) => d.error !== null);
      expect(failed.length).toBeGreaterThanOrEqual(1);
      expect(failed[0].status_code).toBeNull();
      await receiver.start();
      const [got] = await receiver.waitFor(1, (r) => r.url === '/down', 5_000);
      const body = new Webhook(own.secret).verify(got!.body, got!.headers as Record<string, string>) as {
        data: { id: string };
      };
      expect(body.data.id).toBe(conversion.conversion_id);
    } finally {
      if (!receiver.url) await receiver.start();
    }
  });

  it('retries a 5xx answer, logs status and answer, and counts attempts', async () => {
    const own = await hook(t, adv, '/flaky');
    const link = await approvedLink(t, adv, pub);
    receiver.status = 503;
    receiver.reply = 'try later';
    try {
      await convert(t, link, 'order-flaky-1');
      await receiver.waitFor(2, (r) => r.url === '/flaky', 5_000);
    } finally {
      receiver.status = 200;
      receiver.reply = 'ok';
    }
    const ok = await receiver.waitFor(3, (r) => r.url === '/flaky', 5_000);
    expect(new Set(ok.map((r) => r.headers['webhook-id'])).size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const log = (await call(t, 'GET', `/api/webhooks/${own.id}/deliveries`, { token: adv.token })).json();
    const first = log.find((d: { attempt: number }) => d.attempt === 1);
    expect(first).toMatchObject({ status_code: 503, response_excerpt: 'try later' });
    expect(first.error).toMatch(/503/);
    expect(log.some((d: { status_code: number | null }) => d.status_code === 200)).toBe(true);
  });

  it('disables an endpoint failing for the disable period and tells its owner in-app', async () => {
    // simulated day: failing for 1 s disables (DELIVERY_DISABLE_AFTER_MS), retries every 200 ms
    const fast = await createTestApp({
      allowPrivateNetworks: true,
      delivery: { ...delivery, pollMs: 50, retryDelaysMs: Array(20).fill(200), disableAfterMs: 1_000 },
    });
    try {
      const owner = await party(fast, 'advertiser');
      const publisher = await party(fast, 'publisher');
      receiver.status = 500;
      const own = await hook(fast, owner, '/dying');
      const link = await approvedLink(fast, owner, publisher);
      await convert(fast, link, 'order-dying-1');
      const deadline = Date.now() + 8_000;
      let state = (await call(fast, 'GET', `/api/webhooks/${own.id}`, { token: owner.token })).json();
      while (state.enabled && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        state = (await call(fast, 'GET', `/api/webhooks/${own.id}`, { token: owner.token })).json();
      }
      expect(state.enabled).toBe(false);
      await fast.app.settle();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const told = await fast.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, owner.id));
      const notice = told.find((n) => n.title === 'Webhook endpoint disabled');
      expect(notice).toMatchObject({ link: '/settings/webhooks', data: { type: 'webhook', id: own.id } });
      // attempts stop: no more than were made before it was disabled
      const before = receiver.received.filter((r) => r.url === '/dying').length;
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(receiver.received.filter((r) => r.url === '/dying').length).toBe(before);
      // enabling it again clears the failure clock
      receiver.status = 200;
      const again = await call(fast, 'PUT', `/api/webhooks/${own.id}`, {
        token: owner.token,
        payload: { enabled: true },
      });
      expect(again.json()).toMatchObject({ enabled: true, failing_since: null });
    } finally {
      receiver.status = 200;
      await fast.close();
    }
  });

  it('keeps the production schedule at 8 attempts over more than 24 hours', () => {
    const { retryDelaysMs, disableAfterMs, timeoutMs } = testConfig().delivery;
    expect(retryDelaysMs.length + 1).toBeGreaterThanOrEqual(8);
    expect(retryDelaysMs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(disableAfterMs).toBe(24 * 3_600_000);
    expect(timeoutMs).toBe(10_000);
  });
});
