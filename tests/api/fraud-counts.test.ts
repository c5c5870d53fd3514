import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, party, postback, type LinkFixture, type Party } from './support/tracking-fixtures';

// Held-for-review and rejected-for-fraud counts on the dashboard and the report: each user sees their own
// scope (an advertiser only their campaigns', never another advertiser's).

let t: TestApp;
let adv: Party;
let otherAdv: Party;
let pub: Party;
let admin: Party;
let held: LinkFixture;
let rejected: LinkFixture;
let foreign: LinkFixture;

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

let visitors = 0;
/** a sale converted at once after its click: the too-fast rule (30) fires */
async function fastSale(link: LinkFixture) {
  visitors += 1;
  const res = await t.app.inject({
    method: 'GET',
    url: `/t/${link.code}`,
    remoteAddress: `10.8.${visitors}.1`,
    headers: { 'user-agent': BROWSER },
  });
  const clickId = new URL(res.headers.location as string).searchParams.get('click_id');
  const pb = await postback(t, {
    click_id: clickId,
    order_id: `fc-${visitors}`,
    amount: '40.00',
    event: 'sale',
    secret: link.campaign.tracking_secret,
  });
  expect(pb.statusCode, pb.body).toBeLessThan(300);
}

beforeAll(async () => {
  t = await createTestApp({ fraudRules: true });
  adv = await party(t, 'advertiser');
  otherAdv = await party(t, 'advertiser');
  pub = await party(t, 'publisher');
  admin = await party(t, 'admin');
  held = await approvedLink(t, adv, pub, { fraud: { hold_score: 30 } });
  rejected = await approvedLink(t, adv, pub, { fraud: { hold_score: 10, reject_score: 30 } });
  foreign = await approvedLink(t, otherAdv, pub, { fraud: { hold_score: 30 } });
  await fastSale(held);
  await fastSale(held);
  await fastSale(rejected);
  await fastSale(foreign);
});
afterAll(() => t.close());

const get = async (token: string, url: string) => {
  const res = await call(t, 'GET', url, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('fraud counts on the dashboard and the report', () => {
  it('gives the advertiser their campaigns’ counts only, not another advertiser’s', async () => {
    expect((await get(adv.token, '/api/analytics/dashboard')).fraud).toEqual({
      held: 2,
      rejected_for_fraud: 1,
    });
    expect((await get(otherAdv.token, '/api/analytics/dashboard')).fraud).toEqual({
      held: 1,
      rejected_for_fraud: 0,
    });
    expect((await get(adv.token, '/api/reports?group_by=campaign')).fraud).toEqual({
      held: 2,
      rejected_for_fraud: 1,
    });
    // another advertiser's campaign named in the filter counts nothing
    expect((await get(adv.token, `/api/reports?campaign_id=${foreign.campaign.id}`)).fraud).toEqual({
      held: 0,
      rejected_for_fraud: 0,
    });
    expect((await get(adv.token, `/api/reports?campaign_id=${rejected.campaign.id}`)).fraud).toEqual({
      held: 0,
      rejected_for_fraud: 1,
    });
  });

  it('gives the publisher their own (the under-review count) and admins everyone’s', async () => {
    expect((await get(pub.token, '/api/analytics/dashboard')).fraud).toEqual({
      held: 3,
      rejected_for_fraud: 1,
    });
    expect((await get(admin.token, '/api/analytics/dashboard')).fraud).toMatchObject({
      held: 3,
      rejected_for_fraud: 1,
    });
    expect((await get(admin.token, '/api/reports')).fraud).toEqual({ held: 3, rejected_for_fraud: 1 });
  });

  it('counts only the commissions created in the range', async () => {
    const long = '/api/reports?from=2020-01-01&to=2020-01-31';
    expect((await get(adv.token, long)).fraud).toEqual({ held: 0, rejected_for_fraud: 0 });
  });
});
