import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { testConfig } from '../../server/config';
import { publisherPostbacks } from '../../server/db/schema/integrations';
import { approvedLink, clickOn, party, postback, type Party } from './support/tracking-fixtures';
import { call, createTestApp, type TestApp } from './support/test-app';
import { startReceiver, type Receiver } from './support/receiver';

let t: TestApp;
let strict: TestApp;
let adv: Party;
let pub: Party;
let otherPub: Party;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({
    allowPrivateNetworks: true,
    delivery: { ...testConfig().delivery, pollMs: 100, retryDelaysMs: [200, 200, 200] },
  });
  adv = await party(t, 'advertiser');
  pub = await party(t, 'publisher');
  otherPub = await party(t, 'publisher');
  strict = await createTestApp({ allowPrivateNetworks: false });
});

afterAll(async () => {
  await t?.close();
  await strict?.close();
  await receiver?.stop();
});

const stored = async (app: TestApp) =>
  (await app.database.db.select({ n: count() }).from(publisherPostbacks))[0]!.n;

async function create(who: Party, body: Record<string, unknown>) {
  const res = await call(t, 'POST', '/api/publisher-postbacks', { token: who.token, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('publisher postbacks', () => {
  it('fills every macro URL-encoded on a conversion, and again on approval', async () => {
    const link = await approvedLink(t, adv, pub, { name: 'Summer & Sun' });
    const macros =
      'cid={click_id}&tid={transaction_id}&s1={sub1}&s2={sub2}&s5={sub5}&conv={conversion_id}&order={order_id}' +
      '&ev={event}&st={status}&pay={payout}&pm={payout_minor}&cur={currency}&camp={campaign_id}' +
      '&name={campaign_name}&ts={timestamp}';
    const pb = await create(pub, {
      url: `${receiver.url}/pb/${link.campaign.id}?${macros}`,
      campaign_id: link.campaign.id,
      on: ['conversion', 'approved'],
    });
    expect(pb).toMatchObject({
      campaign_id: link.campaign.id,
      on: ['conversion', 'approved'],
      method: 'GET',
      enabled: true,
    });

    const { clickId } = await clickOn(t, link.code, { query: '?sub1=a%20b%26c&sub2=x%2Fy' });
    const res = await postback(t, {
      click_id: clickId,
      order_id: 'ord #1',
      amount: '80.00',
      event: 'sale',
      secret: link.campaign.tracking_secret,
    });
    expect(res.statusCode).toBe(201);
    const { conversion_id, commission_id } = res.json();
    const [got] = await receiver.waitFor(1, (r) => r.url.startsWith(`/pb/${link.campaign.id}?`), 5_000);
    expect(got!.method).toBe('GET');
    const raw = got!.url.split('?')[1]!;
    expect(raw).toContain('s1=a%20b%26c');
    expect(raw).toContain('order=ord%20%231');
    expect(raw).toContain('name=Summer%20%26%20Sun');
    const q = new URL(got!.url, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      cid: clickId,
      tid: clickId,
      s1: 'a b&c',
      s2: 'x/y',
      s5: '',
      conv: conversion_id,
      order: 'ord #1',
      ev: 'sale',
      st: 'pending',
      pay: '15.00',
      pm: '1500',
      cur: 'USD',
      camp: link.campaign.id,
      name: 'Summer & Sun',
    });
    expect(Number(q.get('ts'))).toBeGreaterThan(1_700_000_000);

    const approved = await call(t, 'POST', `/api/commissions/${commission_id}/approve`, { token: adv.token });
    expect(approved.statusCode, approved.body).toBeLessThan(300);
    const both = await receiver.waitFor(2, (r) => r.url.startsWith(`/pb/${link.campaign.id}?`), 5_000);
    const second = new URL(both[1]!.url, 'http://x').searchParams;
    expect(second.get('st')).toBe('approved');
    expect(second.get('cid')).toBe(clickId);
    expect(second.get('s1')).toBe('a b&c');

    const log = await call(t, 'GET', `/api/publisher-postbacks/${pb.id}/deliveries`, { token: pub.token });
    expect(log.headers['x-total-count']).toBe('2');
    expect(
      log
        .json()
        .map((d: { type: string }) => d.type)
        .sort(),
    ).toEqual(['commission.approved', 'conversion.created']);
  });

  it('POSTs the values as a form when asked, for all campaigns, and not for other publishers', async () => {
    const link = await approvedLink(t, adv, pub);
    await create(pub, { url: `${receiver.url}/all-${pub.id}`, method: 'POST', on: ['conversion'] });
    await create(otherPub, { url: `${receiver.url}/other-${otherPub.id}`, on: ['conversion'] });
    const { clickId } = await clickOn(t, link.code);
    const res = await postback(t, {
      click_id: clickId,
      order_id: 'ord-post',
      amount: '10.00',
      event: 'sale',
      secret: link.campaign.tracking_secret,
    });
    const [got] = await receiver.waitFor(1, (r) => r.url === `/all-${pub.id}`, 5_000);
    expect(got!.method).toBe('POST');
    expect(got!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(got!.body).get('conversion_id')).toBe(res.json().conversion_id);
    await t.app.settle();
    expect(receiver.received.filter((r) => r.url === `/other-${otherPub.id}`)).toEqual([]);
  });

  it('previews from the latest real conversion and sends a test postback', async () => {
    const pb = await create(pub, { url: `${receiver.url}/test-${pub.id}?c={click_id}&o={order_id}` });
    const preview = await call(t, 'GET', '/api/publisher-postbacks/preview', { token: pub.token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().conversion_id).toEqual(expect.any(String));
    expect(preview.json().values.order_id).toBe('ord-post');
    const queued = await call(t, 'POST', `/api/publisher-postbacks/${pb.id}/test`, { token: pub.token });
    expect(queued.statusCode).toBe(202);
    const [got] = await receiver.waitFor(1, (r) => r.url.startsWith(`/test-${pub.id}`), 5_000);
    expect(new URL(got!.url, 'http://x').searchParams.get('o')).toBe('ord-post');
  });

  it("answers 404 for another publisher's postback and log, 403 for advertisers", async () => {
    const pb = await create(pub, { url: `${receiver.url}/mine` });
    for (const [method, url] of [
      ['PUT', `/api/publisher-postbacks/${pb.id}`],
      ['DELETE', `/api/publisher-postbacks/${pb.id}`],
      ['POST', `/api/publisher-postbacks/${pb.id}/test`],
      ['GET', `/api/publisher-postbacks/${pb.id}/deliveries`],
    ] as const) {
      const res = await call(t, method, url, {
        token: otherPub.token,
        payload: method === 'PUT' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(t, 'GET', '/api/publisher-postbacks', { token: adv.token })).statusCode).toBe(403);
    const put = await call(t, 'PUT', `/api/publisher-postbacks/${pb.id}`, {
      token: pub.token,
      payload: { on: ['conversion', 'reversed'], enabled: false },
    });
    expect(put.json()).toMatchObject({ on: ['conversion', 'reversed'], enabled: false });
  });

  it.each([
    [{ url: 'https://tracker.example/pb?c={clickid}' }, /unknown macro \{clickid\}/],
    [{ url: 'https://tracker.example/pb?c={click_id}&x={foo}&y={bar}' }, /\{foo\}, \{bar\}/],
    [{ url: 'javascript:alert(1)' }, /scheme javascript/],
    [{ url: 'https://tracker.example/pb', on: ['paid'] }, /on must hold only/],
    [{ url: 'https://tracker.example/pb', method: 'PUT' }, /method must be GET or POST/],
    [
      { url: 'https://tracker.example/pb', campaign_id: '00000000-0000-4000-8000-000000000000' },
      /campaign_id: no such campaign/,
    ],
  ])('refuses %j with 422 naming it, storing nothing', async (payload, message) => {
    const before = await stored(t);
    const res = await call(t, 'POST', '/api/publisher-postbacks', { token: pub.token, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(message);
    expect(await stored(t)).toBe(before);
  });

  it('refuses private hosts unless ALLOW_PRIVATE_NETWORKS (SSRF)', async () => {
    const p = await party(strict, 'publisher');
    for (const url of ['http://127.0.0.1/pb?c={click_id}', 'http://192.168.0.10/pb', 'http://[fd00::1]/x']) {
      const res = await call(strict, 'POST', '/api/publisher-postbacks', {
        token: p.token,
        payload: { url },
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().detail).toMatch(/host .* local or private address/);
    }
    expect(await stored(strict)).toBe(0);
  });
});
