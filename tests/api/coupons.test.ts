import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../../server/db/schema/coupons';
import { websites } from '../../server/db/schema/marketplace';
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
let otherAdv: Party;
let otherPub: Party;
let admin: Party;
let link: LinkFixture;
let counts: () => Promise<TableCounts>;

beforeAll(async () => {
  ({ t, adv, pub } = await appWithParties());
  otherAdv = await party(t, 'advertiser');
  otherPub = await party(t, 'publisher');
  admin = await party(t, 'admin');
  link = await approvedLink(t, adv, pub);
  counts = await tableCounter(t);
});
afterAll(() => t.close());

const give = (who: Party, campaignId: string, payload: Record<string, unknown>) =>
  call(t, 'POST', `/api/campaigns/${campaignId}/coupons`, { token: who.token, payload });

let orders = 0;
const order = () => `coupon-order-${++orders}`;

/** The request answers `status` and changes no table's row count. */
const storesNothing = <R extends { statusCode: number }>(request: () => Promise<R>, status: number) =>
  expectStoresNothing(counts, request, status);

describe('coupon codes: who may give, see and revoke them', () => {
  it('the advertiser gives an approved publisher a code, stored upper-case; the wire is exact', async () => {
    const res = await give(adv, link.campaign.id, { code: 'Spring-25_a', publisher_id: pub.id });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['campaign_id', 'code', 'created_at', 'id', 'publisher_id']);
    expect(body).toMatchObject({ code: 'SPRING-25_A', campaign_id: link.campaign.id, publisher_id: pub.id });
    const listed = await call(t, 'GET', `/api/campaigns/${link.campaign.id}/coupons`, { token: adv.token });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['x-total-count']).toBe('1');
    expect(listed.json().map((c: { code: string }) => c.code)).toEqual(['SPRING-25_A']);
  });

  it('refuses the same code in another case on the campaign (409) and stores nothing', async () => {
    await storesNothing(
      () => give(adv, link.campaign.id, { code: 'spring-25_A', publisher_id: pub.id }),
      409,
    );
    // the same code on another campaign is fine
    const other = await approvedLink(t, adv, pub);
    expect(
      (await give(adv, other.campaign.id, { code: 'spring-25_a', publisher_id: pub.id })).statusCode,
    ).toBe(201);
  });

  it('refuses malformed codes with 422 naming the field, and stores nothing', async () => {
    for (const code of ['ab', 'x'.repeat(41), 'HAS SPACE', 'ÆBLE', 'semi;colon', '', 42, null]) {
      const res = await storesNothing(() => give(adv, link.campaign.id, { code, publisher_id: pub.id }), 422);
      expect(res.json().detail).toMatch(/code/);
    }
    const noPublisher = await storesNothing(
      () => give(adv, link.campaign.id, { code: 'NOPUB', publisher_id: 'nope' }),
      422,
    );
    expect(noPublisher.json().detail).toMatch(/publisher_id/);
  });

  it('gives codes only to publishers approved on the campaign', async () => {
    const res = await storesNothing(
      () => give(adv, link.campaign.id, { code: 'NOTAPPROVED', publisher_id: otherPub.id }),
      422,
    );
    expect(res.json().detail).toMatch(/publisher_id: the publisher has no approved application/);
  });

  it('answers another advertiser 404 on the campaign’s codes, and a publisher 403 on giving one', async () => {
    await storesNothing(
      () => give(otherAdv, link.campaign.id, { code: 'FOREIGN', publisher_id: pub.id }),
      404,
    );
    const foreignList = await call(t, 'GET', `/api/campaigns/${link.campaign.id}/coupons`, {
      token: otherAdv.token,
    });
    expect(foreignList.statusCode).toBe(404);
    await storesNothing(() => give(pub, link.campaign.id, { code: 'SELFMADE', publisher_id: pub.id }), 403);
  });

  it('lists a publisher their own codes only; admins see all', async () => {
    const second = await approvedLink(t, adv, otherPub);
    expect(
      (await give(adv, second.campaign.id, { code: 'OTHERS', publisher_id: otherPub.id })).statusCode,
    ).toBe(201);
    const mine = (await call(t, 'GET', '/api/coupons', { token: pub.token })).json() as { code: string }[];
    expect(mine.map((c) => c.code)).not.toContain('OTHERS');
    expect(mine.map((c) => c.code)).toContain('SPRING-25_A');
    const theirs = (await call(t, 'GET', '/api/coupons', { token: otherPub.token })).json() as {
      code: string;
    }[];
    expect(theirs.map((c) => c.code)).toEqual(['OTHERS']);
    // a publisher on another publisher's campaign sees none of its codes
    const peek = await call(t, 'GET', `/api/campaigns/${second.campaign.id}/coupons`, { token: pub.token });
    expect(peek.statusCode).toBe(200);
    expect(peek.json()).toEqual([]);
    expect((await call(t, 'GET', '/api/coupons', { token: otherAdv.token })).json()).toEqual([]);
    const all = (await call(t, 'GET', '/api/coupons', { token: admin.token })).json() as { code: string }[];
    expect(all.map((c) => c.code)).toEqual(expect.arrayContaining(['OTHERS', 'SPRING-25_A']));
  });

  it('revokes: another advertiser 404, the publisher 403, the advertiser 204 and then 404', async () => {
    const created = (await give(adv, link.campaign.id, { code: 'REVOKE-ME', publisher_id: pub.id })).json();
    await storesNothing(
      () => call(t, 'DELETE', `/api/coupons/${created.id}`, { token: otherAdv.token }),
      404,
    );
    await storesNothing(() => call(t, 'DELETE', `/api/coupons/${created.id}`, { token: pub.token }), 403);
    expect((await call(t, 'DELETE', `/api/coupons/${created.id}`, { token: adv.token })).statusCode).toBe(
      204,
    );
    expect((await call(t, 'DELETE', `/api/coupons/${created.id}`, { token: adv.token })).statusCode).toBe(
      404,
    );
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, created.id));
    expect(row!.revokedAt).not.toBeNull();
    // the code is free again
    expect((await give(adv, link.campaign.id, { code: 'revoke-me', publisher_id: pub.id })).statusCode).toBe(
      201,
    );
  });
});

describe('postbacks attributed by coupon', () => {
  let shop: LinkFixture;
  beforeAll(async () => {
    shop = await approvedLink(t, adv, pub, { attribution_days: 1 });
    expect((await give(adv, shop.campaign.id, { code: 'PODCAST10', publisher_id: pub.id })).statusCode).toBe(
      201,
    );
  });
  const couponSale = (extra: Record<string, unknown> = {}) =>
    postback(t, {
      coupon: 'podcast10',
      order_id: order(),
      amount: '80.00',
      secret: shop.campaign.tracking_secret,
      ...extra,
    });

  it('credits the code’s publisher without a click, once per order_id, and says attributed_by coupon', async () => {
    const orderId = order();
    const res = await couponSale({ order_id: orderId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ attributed_by: 'coupon', status: 'pending', commission_minor: 1500 });
    const [row] = await t.database.db
      .select()
      .from(conversions)
      .where(eq(conversions.id, res.json().conversion_id));
    expect(row).toMatchObject({ clickId: null, publisherId: pub.id, attributedBy: 'coupon' });
    expect(row!.couponId).not.toBeNull();
    const again = await storesNothing(() => couponSale({ order_id: orderId }), 200);
    expect(again.json()).toMatchObject({ conversion_id: res.json().conversion_id, duplicate: true });
    const listed = (
      await call(t, 'GET', `/api/commissions?campaign_id=${shop.campaign.id}`, { token: pub.token })
    ).json() as { id: string; attributed_by: string; coupon_code: string | null }[];
    expect(listed.find((c) => c.id === res.json().commission_id)).toMatchObject({
      attributed_by: 'coupon',
      coupon_code: 'PODCAST10',
    });
  });

  it('lets the click win when both are sent', async () => {
    const clicked = await approvedLink(t, adv, otherPub);
    expect(
      (await give(adv, clicked.campaign.id, { code: 'BOTHSENT', publisher_id: otherPub.id })).statusCode,
    ).toBe(201);
    // a second approved publisher on the same campaign, with the click
    const site = (
      await call(t, 'POST', '/api/websites', {
        token: pub.token,
        payload: { url: `https://both-${Date.now()}.example`, name: 'Site', category: 'travel' },
      })
    ).json();
    await t.database.db
      .update(websites)
      .set({ verificationStatus: 'verified', verifiedAt: new Date() })
      .where(eq(websites.id, site.id));
    const applied = await call(t, 'POST', '/api/applications', {
      token: pub.token,
      payload: { campaign_id: clicked.campaign.id, website_id: site.id },
    });
    const { clickId } = await clickOn(t, applied.json().tracking_code, { ip: '198.51.100.50' });
    const res = await postback(t, {
      click_id: clickId,
      coupon: 'BOTHSENT',
      order_id: order(),
      amount: '10',
      secret: clicked.campaign.tracking_secret,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().attributed_by).toBe('click');
    const [row] = await t.database.db
      .select()
      .from(conversions)
      .where(eq(conversions.id, res.json().conversion_id));
    expect(row).toMatchObject({ publisherId: pub.id, clickId, couponId: null });
  });

  it('refuses an unknown or revoked code with 422 on coupon, and stores nothing', async () => {
    const unknown = await storesNothing(() => couponSale({ coupon: 'NOSUCHCODE' }), 422);
    expect(unknown.json().detail).toMatch(/^coupon: Unknown coupon code NOSUCHCODE/);
    const revoked = (await give(adv, shop.campaign.id, { code: 'GONE', publisher_id: pub.id })).json();
    await call(t, 'DELETE', `/api/coupons/${revoked.id}`, { token: adv.token });
    const res = await storesNothing(() => couponSale({ coupon: 'gone' }), 422);
    expect(res.json().detail).toMatch(/^coupon:/);
    const malformed = await storesNothing(() => couponSale({ coupon: 'a b' }), 422);
    expect(malformed.json().detail).toMatch(/coupon/);
  });

  it('refuses a wrong secret (403), another advertiser’s campaign code, and no click nor coupon', async () => {
    await storesNothing(() => couponSale({ secret: 'wrong-secret' }), 403);
    // the secret of another campaign finds none of this campaign's codes
    const foreign = await approvedLink(t, otherAdv, pub);
    await storesNothing(() => couponSale({ secret: foreign.campaign.tracking_secret }), 422);
    await storesNothing(
      () => couponSale({ secret: foreign.campaign.tracking_secret, campaign_id: shop.campaign.id }),
      403,
    );
    const none = await storesNothing(
      () => postback(t, { order_id: order(), amount: '5', secret: shop.campaign.tracking_secret }),
      422,
    );
    expect(none.json().detail).toMatch(/^click_id:/);
  });

  it('never attributes an unsigned pixel by coupon', async () => {
    const pixel = await approvedLink(t, adv, pub, { pixel_enabled: true });
    await give(adv, pixel.campaign.id, { code: 'PIXELCODE', publisher_id: pub.id });
    const res = await storesNothing(
      () =>
        t.app.inject({
          method: 'GET',
          url: `/api/pixel.gif?${new URLSearchParams({ coupon: 'PIXELCODE', order_id: order(), amount: '5' })}`,
        }),
      422,
    );
    expect(res.json().detail).toMatch(/click_id/);
  });

  it('reports group by coupon', async () => {
    const report = await call(t, 'GET', `/api/reports?group_by=coupon&campaign_id=${shop.campaign.id}`, {
      token: adv.token,
    });
    expect(report.statusCode).toBe(200);
    const row = (report.json().rows as { key: string; label: string; conversions: number }[]).find(
      (r) => r.label === 'PODCAST10',
    );
    expect(row).toMatchObject({ conversions: 1, commission_minor: 1500 });
    const forOther = await call(t, 'GET', `/api/reports?group_by=coupon&campaign_id=${shop.campaign.id}`, {
      token: otherAdv.token,
    });
    expect(forOther.json().rows).toEqual([]);
  });
});
