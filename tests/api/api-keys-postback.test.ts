import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions } from '../../server/db/schema/tracking';
import { testConfig } from '../../server/config';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, clickOn, party, type LinkFixture, type Party } from './support/tracking-fixtures';

let t: TestApp;
let adv: Party;
let rival: Party;
let pub: Party;

// the per-key limit kept low here; every other limit as in the rest of the suite
const PER_KEY = 12;

beforeAll(async () => {
  const base = testConfig();
  t = await createTestApp({
    rateLimits: { ...base.rateLimits, apiKeyRequests: { max: PER_KEY, windowMs: 60_000 } },
  });
  adv = await party(t, 'advertiser');
  rival = await party(t, 'advertiser');
  pub = await party(t, 'publisher');
});
afterAll(() => t.close());

async function newKey(token: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await call(t, 'POST', '/api/api-keys', {
    token,
    payload: { name: 'Postbacks', scope: 'full', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().key;
}

let orders = 0;
let clickIps = 0;
async function clicked(): Promise<LinkFixture & { clickId: string }> {
  const link = await approvedLink(t, adv, pub);
  const { clickId } = await clickOn(t, link.code, { ip: `203.0.113.${++clickIps}` });
  return { ...link, clickId: clickId! };
}
const postbackWithKey = (key: string | null, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/postback',
    payload,
    headers: key ? { authorization: `Bearer ${key}` } : {},
  });
const conversionsOf = async (campaignId: string) =>
  (await t.database.db.select().from(conversions).where(eq(conversions.campaignId, campaignId))).length;

describe('POST /api/postback with an API key instead of the tracking secret', () => {
  it('records the conversion for the campaign’s advertiser with a key scoped to conversions', async () => {
    const l = await clicked();
    const key = await newKey(adv.token, { resources: ['conversions'] });
    const res = await postbackWithKey(key, {
      click_id: l.clickId,
      order_id: `o-${++orders}`,
      amount: '40.00',
      currency: 'USD',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ duplicate: false, status: 'pending', amount_minor: 4000 });
    expect(await conversionsOf(l.campaign.id)).toBe(1);
  });

  it('refuses another advertiser’s key (403) and records nothing', async () => {
    const l = await clicked();
    const key = await newKey(rival.token, { resources: ['conversions'] });
    const res = await postbackWithKey(key, { click_id: l.clickId, order_id: `o-${++orders}`, amount: '10' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/another account/);
    // the key does not open the secret path either: a wrong secret beside it changes nothing
    const withSecret = await postbackWithKey(key, {
      click_id: l.clickId,
      order_id: `o-${++orders}`,
      amount: '10',
      secret: l.campaign.tracking_secret,
    });
    expect(withSecret.statusCode).toBe(403);
    expect(await conversionsOf(l.campaign.id)).toBe(0);
  });

  it('refuses keys without the conversions scope or with read scope (403 naming it), and bad keys (401)', async () => {
    const l = await clicked();
    const payload = () => ({ click_id: l.clickId, order_id: `o-${++orders}`, amount: '10' });
    const campaignsOnly = await postbackWithKey(
      await newKey(adv.token, { resources: ['campaigns'] }),
      payload(),
    );
    expect(campaignsOnly.statusCode).toBe(403);
    expect(campaignsOnly.json().detail).toMatch(/missing the "conversions" scope/);
    const readOnly = await postbackWithKey(await newKey(adv.token, { scope: 'read' }), payload());
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().detail).toMatch(/missing the "full" scope/);
    const unknown = await postbackWithKey(`afk_${'x'.repeat(43)}`, payload());
    expect(unknown.statusCode).toBe(401);
    expect(await conversionsOf(l.campaign.id)).toBe(0);
  });

  it('keeps the secret path: no key and no secret is a 422, the secret alone still works', async () => {
    const l = await clicked();
    const missing = await postbackWithKey(null, { click_id: l.clickId, order_id: `o-${++orders}` });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toMatch(/^secret: secret is required/);
    const bySecret = await postbackWithKey(null, {
      click_id: l.clickId,
      order_id: `o-${++orders}`,
      amount: '10',
      secret: l.campaign.tracking_secret,
    });
    expect(bySecret.statusCode).toBe(201);
  });
});

describe('the per-key rate limit', () => {
  it('answers 429 with Retry-After once a key used its budget; other keys and sessions go on', async () => {
    const key = await newKey(adv.token, { scope: 'read' });
    const calls = [];
    for (let i = 0; i < PER_KEY; i++) calls.push(await call(t, 'GET', '/api/campaigns', { token: key }));
    expect(calls.map((r) => r.statusCode)).toEqual(Array(PER_KEY).fill(200));
    const limited = await call(t, 'GET', '/api/campaigns', { token: key });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toMatch(/Too many requests with this API key/);
    const fresh = await newKey(adv.token, { scope: 'read' });
    expect((await call(t, 'GET', '/api/campaigns', { token: fresh })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/campaigns', { token: adv.token })).statusCode).toBe(200);
  });
});
