import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { campaigns } from '../../server/db/schema/marketplace';
import { notifications } from '../../server/db/schema/notifications';
import { conversions } from '../../server/db/schema/tracking';
import { ConversionWriter } from '../../server/modules/tracking/conversion-batch';
import { call, type TestApp } from './support/test-app';
import {
  approvedLink,
  appWithParties,
  clickOn,
  clickWritten,
  party,
  postback,
  saleRequest,
  type Party,
} from './support/tracking-fixtures';

// Caps per publisher (issue 46): per campaign, UTC day and month, on conversions and on commission. Over the
// cap the conversion is stored and its commission rejected with the reason; the publisher hears it once a day
// per campaign. Runs on PGlite, and on PostgreSQL with DATABASE_URL.

const CAP_REASON = "over the publisher's cap";
let t: TestApp;
let adv: Party;
let pub: Party;
let clickNo = 0;

beforeAll(async () => {
  ({ t, adv, pub } = await appWithParties());
});
afterAll(() => t.close());

async function clicked(publisher: Party, campaign: Record<string, unknown>) {
  const link = await approvedLink(t, adv, publisher, campaign);
  const { clickId } = await clickOn(t, link.code, { ip: `198.51.100.${++clickNo % 250}` });
  return { ...link, clickId: clickId! };
}

type Clicked = Awaited<ReturnType<typeof clicked>>;

function burst(l: Clicked, n: number, prefix: string) {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      postback(t, {
        click_id: l.clickId,
        order_id: `${prefix}-${i}`,
        amount: '80.00',
        secret: l.campaign.tracking_secret,
      }),
    ),
  );
}

async function rowsOf(campaignId: string, publisherId?: string) {
  return t.database.db
    .select({ status: commissions.status, reason: commissions.reason, amount: commissions.amountMinor })
    .from(commissions)
    .where(
      and(
        eq(commissions.campaignId, campaignId),
        publisherId ? eq(commissions.publisherId, publisherId) : undefined,
      ),
    );
}

const capNotices = (publisherId: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, publisherId), eq(notifications.title, 'Cap reached')));

describe('publisher_caps on a campaign', () => {
  it('is stored, answered with all four fields, and cleared with null', async () => {
    const l = await approvedLink(t, adv, pub, { publisher_caps: { daily_conversions: 5 } });
    expect(l.campaign).toMatchObject({
      publisher_caps: {
        daily_conversions: 5,
        monthly_conversions: null,
        daily_commission_minor: null,
        monthly_commission_minor: null,
      },
    });
    const seen = await call(t, 'GET', `/api/campaigns/${l.campaign.id}`, { token: pub.token });
    expect(seen.json().publisher_caps.daily_conversions).toBe(5);
    const cleared = await call(t, 'PUT', `/api/campaigns/${l.campaign.id}`, {
      token: adv.token,
      payload: { publisher_caps: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().publisher_caps).toEqual({
      daily_conversions: null,
      monthly_conversions: null,
      daily_commission_minor: null,
      monthly_commission_minor: null,
    });
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, l.campaign.id));
    expect(row!.publisherCaps).toBeNull();
  });

  it.each([
    [{ daily_conversions: 0 }, 'daily_conversions'],
    [{ monthly_conversions: -3 }, 'monthly_conversions'],
    [{ daily_commission_minor: 12.5 }, 'daily_commission_minor'],
    [{ monthly_commission_minor: '100' }, 'monthly_commission_minor'],
    [{ weekly_conversions: 3 }, 'weekly_conversions'],
    ['lots', 'publisher_caps'],
  ])('refuses %j with 422 naming the field, and changes nothing', async (caps, field) => {
    const l = await approvedLink(t, adv, pub, { publisher_caps: { daily_conversions: 9 } });
    const res = await call(t, 'PUT', `/api/campaigns/${l.campaign.id}`, {
      token: adv.token,
      payload: { publisher_caps: caps, name: 'Renamed' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(field);
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, l.campaign.id));
    expect(row!.publisherCaps).toMatchObject({ daily_conversions: 9 });
    expect(row!.name).toBe('Tracked campaign');
  });

  it('cannot be changed on another advertiser’s campaign (404)', async () => {
    const l = await approvedLink(t, adv, pub, {});
    const other = await party(t, 'advertiser');
    const res = await call(t, 'PUT', `/api/campaigns/${l.campaign.id}`, {
      token: other.token,
      payload: { publisher_caps: { daily_conversions: 1 } },
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, l.campaign.id));
    expect(row!.publisherCaps).toBeNull();
  });
});

describe('conversions over a publisher’s cap', () => {
  it('pays exactly the daily count under 20 postbacks at once, stores all, and tells the publisher once', async () => {
    const l = await clicked(pub, { publisher_caps: { daily_conversions: 3 } });
    const answers = await burst(l, 20, 'daily');
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const statuses = answers.map((a) => a.json().status);
    expect(statuses.filter((s) => s === 'pending')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'rejected')).toHaveLength(17);
    const rows = await rowsOf(l.campaign.id);
    expect(rows.filter((r) => r.status === 'rejected').every((r) => r.reason === CAP_REASON)).toBe(true);
    const stored = await t.database.db
      .select()
      .from(conversions)
      .where(eq(conversions.campaignId, l.campaign.id));
    expect(stored).toHaveLength(20);
    // more later the same day: still one notice for this campaign
    await burst(l, 3, 'daily-later');
    const notices = (await capNotices(pub.id)).filter(
      (n) => (n.data as { campaign_id?: string }).campaign_id === l.campaign.id,
    );
    expect(notices).toHaveLength(1);
    // and no "conversion not paid" notice per capped conversion
    const perConversion = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, pub.id), eq(notifications.title, 'Conversion not paid')));
    expect(perConversion).toHaveLength(0);
  });

  it('caps each publisher on their own: another publisher on the campaign is still paid', async () => {
    const l = await clicked(pub, { publisher_caps: { daily_conversions: 1 } });
    const other = await party(t, 'publisher');
    const site = (
      await call(t, 'POST', '/api/websites', {
        token: other.token,
        payload: { url: `https://other-${Date.now()}.example`, name: 'Other', category: 'travel' },
      })
    ).json();
    const { websites } = await import('../../server/db/schema/marketplace');
    await t.database.db
      .update(websites)
      .set({ verificationStatus: 'verified' })
      .where(eq(websites.id, site.id));
    const applied = await call(t, 'POST', '/api/applications', {
      token: other.token,
      payload: { campaign_id: l.campaign.id, website_id: site.id },
    });
    const { clickId } = await clickOn(t, applied.json().tracking_code, { ip: '198.51.100.201' });
    await burst(l, 2, 'mine');
    const theirs = await postback(t, {
      click_id: clickId,
      order_id: 'theirs-1',
      amount: '80.00',
      secret: l.campaign.tracking_secret,
    });
    expect(theirs.json().status).toBe('pending');
    expect((await rowsOf(l.campaign.id, pub.id)).map((r) => r.status).sort()).toEqual([
      'pending',
      'rejected',
    ]);
  });

  it('caps the commission sum: 15.00 each under a 40.00 daily cap pays two', async () => {
    const l = await clicked(pub, { publisher_caps: { daily_commission_minor: 4000 } });
    const answers = await burst(l, 5, 'sum');
    const statuses = answers.map((a) => a.json().status).sort();
    expect(statuses).toEqual(['pending', 'pending', 'rejected', 'rejected', 'rejected']);
    const paid = (await rowsOf(l.campaign.id)).filter((r) => r.status === 'pending');
    expect(paid.reduce((s, r) => s + r.amount, 0)).toBe(3000);
  });

  it('caps per month as well', async () => {
    const l = await clicked(pub, {
      publisher_caps: { monthly_conversions: 2, monthly_commission_minor: 100_000 },
    });
    const answers = await burst(l, 4, 'month');
    expect(answers.map((a) => a.json().status).sort()).toEqual([
      'pending',
      'pending',
      'rejected',
      'rejected',
    ]);
  });

  it('applies a raised cap from then on; what was rejected stays rejected', async () => {
    const l = await clicked(pub, { publisher_caps: { daily_conversions: 1 } });
    await burst(l, 2, 'before');
    const raised = await call(t, 'PUT', `/api/campaigns/${l.campaign.id}`, {
      token: adv.token,
      payload: { publisher_caps: { daily_conversions: 3 } },
    });
    expect(raised.statusCode).toBe(200);
    const after = await burst(l, 3, 'after');
    expect(after.map((a) => a.json().status).sort()).toEqual(['pending', 'pending', 'rejected']);
    const rows = await rowsOf(l.campaign.id);
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'rejected')).toHaveLength(2);
  });

  it('frees a place when a paid commission is rejected', async () => {
    const l = await clicked(pub, { publisher_caps: { daily_conversions: 1 } });
    const [first] = await burst(l, 1, 'free');
    const rejected = await call(t, 'POST', `/api/commissions/${first!.json().commission_id}/reject`, {
      token: adv.token,
      payload: { reason: 'Cancelled order' },
    });
    expect(rejected.statusCode).toBe(200);
    const [again] = await burst(l, 1, 'free-again');
    expect(again!.json().status).toBe('pending');
  });

  it('stays exact with two writers racing (two transactions at once on PostgreSQL)', async () => {
    const l = await clicked(pub, {
      publisher_caps: { daily_conversions: 4, daily_commission_minor: 5 * 1500 },
    });
    await clickWritten(t, l.clickId);
    const writers = [new ConversionWriter(t.database.db), new ConversionWriter(t.database.db)];
    const settled = await Promise.all(
      Array.from({ length: 30 }, (_, i) => writers[i % 2]!.submit(saleRequest(t, l, `race-${i}`))),
    );
    expect(settled.filter((s) => s.result.status === 'pending')).toHaveLength(4);
    const rows = await rowsOf(l.campaign.id);
    expect(rows).toHaveLength(30);
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(4);
  });
});

describe('reports count capped conversions', () => {
  it('shows them per campaign and publisher, in the totals and the CSV, to the owner only', async () => {
    const l = await clicked(pub, { publisher_caps: { daily_conversions: 1 } });
    const answers = await burst(l, 3, 'report');
    expect(answers.map((a) => a.json().status).sort()).toEqual(['pending', 'rejected', 'rejected']);

    const byCampaign = await call(t, 'GET', `/api/reports?group_by=campaign&campaign_id=${l.campaign.id}`, {
      token: adv.token,
    });
    expect(byCampaign.statusCode, byCampaign.body).toBe(200);
    const [row] = byCampaign.json().rows;
    expect(row).toMatchObject({ key: l.campaign.id, conversions: 3, capped: 2 });
    expect(byCampaign.json().totals).toMatchObject({ conversions: 3, capped: 2 });

    const byPublisher = await call(
      t,
      'GET',
      `/api/reports?group_by=publisher&campaign_id=${l.campaign.id}`,
      { token: pub.token },
    );
    expect(byPublisher.json().rows).toEqual([expect.objectContaining({ key: pub.id, capped: 2 })]);
    const byDay = await call(t, 'GET', `/api/reports?group_by=day&campaign_id=${l.campaign.id}`, {
      token: adv.token,
    });
    expect(byDay.json().rows).toEqual([expect.objectContaining({ conversions: 3, capped: 2 })]);

    const csv = await call(
      t,
      'GET',
      `/api/reports?group_by=campaign&campaign_id=${l.campaign.id}&format=csv`,
      { token: adv.token },
    );
    const lines = csv.body.split('\r\n').filter(Boolean);
    // `capped` is followed by the fraud counts (held, rejected_for_fraud)
    const capped = lines[0]!.split(',').indexOf('capped');
    expect(capped).toBe(10);
    expect(lines[1]!.split(',')[capped]).toBe('2');
    expect(lines.at(-1)!.split(',')[capped]).toBe('2');

    // another advertiser naming the campaign gets nothing of it
    const other = await party(t, 'advertiser');
    const foreign = await call(t, 'GET', `/api/reports?group_by=campaign&campaign_id=${l.campaign.id}`, {
      token: other.token,
    });
    expect(foreign.json().rows).toEqual([]);
    expect(foreign.json().totals.capped).toBe(0);
  });
});
