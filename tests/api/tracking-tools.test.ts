import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { clicks, conversions, trackingLinks } from '../../server/db/schema/tracking';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, clickOn, party, type Party } from './support/tracking-fixtures';

let t: TestApp;
let adv: Party;
let advB: Party;
let pub: Party;
let admin: Party;

beforeAll(async () => {
  t = await createTestApp();
  [adv, advB, pub, admin] = await Promise.all([
    party(t, 'advertiser'),
    party(t, 'advertiser'),
    party(t, 'publisher'),
    party(t, 'admin'),
  ]);
});
afterAll(() => t.close());

const runTest = (token: string, payload: Record<string, unknown>) =>
  call(t, 'POST', '/api/tracking/test', { token, payload });

describe('tracking test tool', () => {
  it('runs a test click and conversion through the real endpoints and reports every step', async () => {
    const link = await approvedLink(t, adv, pub);
    const res = await runTest(adv.token, { campaign_id: link.campaign.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    expect(body.steps.map((s: { step: string; ok: boolean }) => [s.step, s.ok])).toEqual([
      ['link_resolved', true],
      ['click_recorded', true],
      ['conversion', true],
      ['commission_computed', true],
    ]);
    expect(body.steps[3].detail).toBe('Commission 15.00 USD (pending); a test, so it is not paid.');
    // each step's code and figures, for clients to word it in their own language
    expect(body.steps.map((s: { code: string }) => s.code)).toEqual([
      'redirected',
      'click_recorded',
      'conversion_accepted',
      'commission',
    ]);
    expect(body.steps[3].data).toMatchObject({ amount_minor: 1500, currency: 'USD', status: 'pending' });

    // flagged as tests and kept out of money
    const clickId = body.steps[1].data.click_id;
    const [click] = await t.database.db.select().from(clicks).where(eq(clicks.id, clickId));
    expect(click!.isTest).toBe(true);
    const [conversion] = await t.database.db
      .select()
      .from(conversions)
      .where(eq(conversions.clickId, clickId));
    expect(conversion!.isTest).toBe(true);
    const [commission] = await t.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.conversionId, conversion!.id));
    expect(commission!.isTest).toBe(true);
    expect((await call(t, 'GET', '/api/commissions', { token: pub.token })).json()).toEqual([]);
    expect((await call(t, 'GET', '/api/commissions/totals', { token: adv.token })).json()).toEqual([]);
    expect((await call(t, 'GET', '/api/commissions/balance', { token: pub.token })).json()).toEqual([]);
    const withTests = await call(t, 'GET', '/api/commissions?include_test=true', { token: adv.token });
    expect(withTests.json().map((c: { id: string }) => c.id)).toEqual([commission!.id]);
  });

  it('reports why a step failed', async () => {
    const created = await call(t, 'POST', '/api/campaigns', {
      token: adv.token,
      payload: {
        name: 'Lonely',
        category: 'travel',
        landing_url: 'https://l.example',
        currency: 'USD',
        commission_model: 'cpa',
        payout_minor: 100,
        status: 'active',
      },
    });
    const lonely = await runTest(adv.token, { campaign_id: created.json().id });
    expect(lonely.json()).toMatchObject({
      ok: false,
      steps: [
        {
          step: 'link_resolved',
          ok: false,
          code: 'no_active_link',
          detail: expect.stringContaining('approve a publisher'),
        },
      ],
    });

    const link = await approvedLink(t, adv, pub);
    await call(t, 'PUT', `/api/campaigns/${link.campaign.id}`, {
      token: adv.token,
      payload: { status: 'paused' },
    });
    const paused = await runTest(adv.token, { campaign_id: link.campaign.id });
    expect(paused.json().steps[0]).toMatchObject({
      ok: false,
      code: 'no_redirect',
      detail: expect.stringContaining('not running'),
      data: { reason: expect.stringContaining('not running') },
    });

    const leads = await approvedLink(t, adv, pub, { commission_model: 'cpl', payout_minor: 200 });
    const wrongEvent = await runTest(adv.token, { campaign_id: leads.campaign.id, event: 'sale' });
    expect(wrongEvent.json().steps.at(-1)).toMatchObject({
      step: 'conversion',
      ok: false,
      code: 'conversion_rejected',
      detail: 'Conversion rejected (422). The postback API answered: “This campaign pays per lead; send event=lead”',
      data: { status: 422, reason: 'This campaign pays per lead; send event=lead' },
    });
    const cpc = await approvedLink(t, adv, pub, { commission_model: 'cpc', payout_minor: 7 });
    const perClick = await runTest(adv.token, { campaign_id: cpc.campaign.id });
    expect(perClick.json().steps.at(-1)).toMatchObject({
      code: 'click_pays',
      detail: 'This campaign pays per unique click: a real click would earn 0.07 USD.',
      data: { amount_minor: 7, currency: 'USD' },
    });
  });

  it('is only for the campaign owner and admins', async () => {
    const link = await approvedLink(t, adv, pub);
    expect((await runTest(advB.token, { campaign_id: link.campaign.id })).statusCode).toBe(404);
    expect((await runTest(pub.token, { campaign_id: link.campaign.id })).statusCode).toBe(404);
    expect((await runTest(admin.token, { campaign_id: link.campaign.id })).json().ok).toBe(true);
    expect((await runTest(adv.token, { campaign_id: 'nope' })).statusCode).toBe(422);
  });

  it('marks clicks as tests only with the in-process token', async () => {
    const link = await approvedLink(t, adv, pub);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/t/${link.code}`,
      headers: { 'x-affilio-test': 'guess', 'user-agent': 'Mozilla/5.0' },
    });
    const clickId = new URL(forged.headers.location as string).searchParams.get('click_id')!;
    for (let i = 0; i < 100; i++) {
      const [row] = await t.database.db.select().from(clicks).where(eq(clicks.id, clickId));
      if (row) {
        expect(row.isTest).toBe(false);
        return;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('click never written');
  });
});

describe('GET /api/tracking/links', () => {
  it('lists an advertiser’s links per publisher with counts, a publisher’s own, never another’s', async () => {
    const link = await approvedLink(t, adv, pub);
    await clickOn(t, link.code, { ip: '192.0.2.50' });
    // a crawler's click is stored but, as in reports, not counted
    await clickOn(t, link.code, { ip: '192.0.2.51', ua: 'curl/8.5.0' });
    const [row] = await t.database.db.select().from(trackingLinks).where(eq(trackingLinks.code, link.code));
    const stored = () => t.database.db.select().from(clicks).where(eq(clicks.linkId, row!.id));
    for (let i = 0; i < 100 && (await stored()).length < 2; i++) await new Promise((r) => setTimeout(r, 25));
    expect((await stored()).map((c) => c.isBot).sort()).toEqual([false, true]);
    const mine = async (token: string, q = '') =>
      (await call(t, 'GET', `/api/tracking/links${q}`, { token })).json();
    const rows = await mine(adv.token, `?campaign_id=${link.campaign.id}`);
    expect(rows).toEqual([
      expect.objectContaining({
        code: link.code,
        url: expect.stringMatching(new RegExp(`/t/${link.code}$`)),
        active: true,
        publisher_id: pub.id,
        campaign_id: link.campaign.id,
        clicks: 1,
        conversions: 0,
      }),
    ]);
    expect(await mine(advB.token, `?campaign_id=${link.campaign.id}`)).toEqual([]);
    expect((await mine(pub.token)).map((r: { code: string }) => r.code)).toContain(link.code);
    const other = await party(t, 'publisher');
    expect(await mine(other.token)).toEqual([]);
    expect((await call(t, 'GET', '/api/tracking/links')).statusCode).toBe(401);
  });
});
