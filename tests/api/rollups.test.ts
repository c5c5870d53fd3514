import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { clicks, conversions, trackingLinks } from '../../server/db/schema/tracking';
import { rawLinkDailyStats, storedLinkDailyStats } from '../../server/db/link-rollups';
import {
  dailyStatsAsTotals,
  rawDailyStats,
  rebuildDailyStats,
  storedDailyStats,
  storedDailyTotals,
} from '../../server/db/rollups';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, clickOn, party, postback, type Party } from './support/tracking-fixtures';

/** mulberry32: a small seeded PRNG, so a failing stream can be replayed from its seed */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FROM = '2000-01-01';
const TO = '2100-12-31';
const DAY = 86_400_000;

let t: TestApp;
let adv: Party;
let pubs: Party[];

beforeAll(async () => {
  t = await createTestApp({ clickCountryHeader: 'cf-ipcountry' });
  adv = await party(t, 'advertiser');
  pubs = [await party(t, 'publisher'), await party(t, 'publisher')];
});
afterAll(() => t.close());

describe('daily_stats rollups', () => {
  it('stores the country a proxy reports for a click, and counts it on its day', async () => {
    const link = await approvedLink(t, adv, pubs[0]!);
    const res = await t.app.inject({
      method: 'GET',
      url: `/t/${link.code}?sub1=spring`,
      remoteAddress: '198.51.100.1',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0', 'cf-ipcountry': 'dk' },
    });
    expect(res.statusCode).toBe(302);
    await vi.waitFor(async () => {
      const rows = await t.database.db.select().from(clicks).where(eq(clicks.campaignId, link.campaign.id));
      expect(rows.map((r) => r.country)).toEqual(['DK']);
    });
    const stored = (await storedDailyStats(t.database.db, FROM, TO)).filter(
      (r) => r.campaign_id === link.campaign.id,
    );
    expect(stored).toEqual([
      expect.objectContaining({ sub1: 'spring', country: 'DK', clicks: 1, unique_clicks: 1, conversions: 0 }),
    ]);
  });

  it('equals the raw aggregates after a random stream of clicks, conversions and decisions', async () => {
    const seed = 20261123;
    const rnd = prng(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
    const links = [
      await approvedLink(t, adv, pubs[0]!, { commission_model: 'cpa', payout_minor: 1500 }),
      await approvedLink(t, adv, pubs[1]!, {
        commission_model: 'revshare',
        payout_minor: null,
        revshare_bps: 750,
        currency: 'EUR',
      }),
      await approvedLink(t, adv, pubs[0]!, { commission_model: 'cpc', payout_minor: 20 }),
      await approvedLink(t, adv, pubs[1]!, { commission_model: 'cpl', payout_minor: 300, currency: 'JPY' }),
    ];
    const clickIds: { id: string; link: (typeof links)[number] }[] = [];

    // live traffic through the real routes (batched click writes, postbacks, CPC commissions)
    for (let i = 0; i < 60; i += 1) {
      const link = pick(links);
      const bot = rnd() < 0.1;
      const { clickId } = await clickOn(t, link.code, {
        ip: `203.0.113.${1 + Math.floor(rnd() * 12)}`,
        ua: bot ? 'Googlebot/2.1 (+http://www.google.com/bot.html)' : undefined,
        query: rnd() < 0.6 ? `?sub1=${pick(['news', 'banner', 'footer'])}` : '',
      });
      if (clickId && !bot) clickIds.push({ id: clickId, link });
    }
    // older traffic written straight into the tables on earlier days (the triggers see every statement)
    const [linkRow] = await t.database.db
      .select()
      .from(trackingLinks)
      .where(eq(trackingLinks.code, links[0]!.code));
    const old = Array.from({ length: 40 }, (_, i) => ({
      id: `old-${i}-${randomBytes(4).toString('hex')}`,
      linkId: linkRow!.id,
      campaignId: linkRow!.campaignId,
      publisherId: linkRow!.publisherId,
      websiteId: linkRow!.websiteId,
      ipHash: `h${Math.floor(rnd() * 5)}`,
      sub1: rnd() < 0.5 ? null : pick(['a', 'b']),
      country: rnd() < 0.3 ? null : pick(['DK', 'SE', 'GB']),
      isUnique: rnd() < 0.7,
      isBot: rnd() < 0.1,
      isTest: rnd() < 0.1,
      createdAt: new Date(Date.now() - Math.floor(1 + rnd() * 20) * DAY - Math.floor(rnd() * DAY)),
    }));
    await t.database.db.insert(clicks).values(old.slice(0, 25));
    await t.database.db.insert(clicks).values(old.slice(25));

    // flush the click buffer, then convert some clicks through the postback
    await vi.waitFor(async () => {
      const ids = clickIds.map((c) => c.id);
      const stored = await t.database.db
        .select({ id: clicks.id })
        .from(clicks)
        .where(inArray(clicks.id, ids));
      expect(stored).toHaveLength(ids.length);
    });
    let orders = 0;
    for (const { id, link } of clickIds) {
      if (rnd() < 0.45) continue;
      const model = link === links[3] ? 'lead' : 'sale';
      const res = await postback(t, {
        click_id: id,
        order_id: `o-${(orders += 1)}`,
        // JPY has no minor unit; a revshare sale needs an amount
        amount:
          link.campaign.currency === 'JPY'
            ? `${1 + Math.floor(rnd() * 900)}`
            : `${(1 + Math.floor(rnd() * 20000)) / 100}`,
        currency: link.campaign.currency,
        event: model,
        secret: link.campaign.tracking_secret,
      });
      expect([200, 201]).toContain(res.statusCode);
    }

    // decisions: approve, reject, reverse, mark paid (a payout would), some in bulk through the API
    const all = await t.database.db.select().from(commissions);
    const pending = all.filter((c) => c.status === 'pending');
    const toApprove = pending.filter(() => rnd() < 0.5).map((c) => c.id);
    const toReject = pending.filter((c) => !toApprove.includes(c.id) && rnd() < 0.4).map((c) => c.id);
    const approved = await call(t, 'POST', '/api/commissions/bulk/approve', {
      token: adv.token,
      payload: { ids: toApprove },
    });
    expect(approved.statusCode).toBeLessThan(300);
    for (const id of toReject) {
      const r = await call(t, 'POST', `/api/commissions/${id}/reject`, {
        token: adv.token,
        payload: { reason: 'Returned order' },
      });
      expect(r.statusCode).toBe(200);
    }
    const approvedIds = toApprove.filter(() => rnd() < 0.3);
    for (const id of approvedIds.slice(0, 2)) {
      const r = await call(t, 'POST', `/api/commissions/${id}/reverse`, {
        token: adv.token,
        payload: { reason: 'Chargeback' },
      });
      expect(r.statusCode).toBe(200);
    }
    const paid = approvedIds.slice(2);
    if (paid.length > 0) {
      await t.database.db.update(commissions).set({ status: 'paid' }).where(inArray(commissions.id, paid));
    }
    // an update that moves no money (a note) must leave the rollup as it is
    await t.database.db.execute(sql`UPDATE commissions SET updated_at = now()`);
    // a commission removed outright (the rollups' delete trigger) takes its amount out of its day
    const removed = await t.database.db
      .delete(commissions)
      .where(
        sql`${commissions.id} = (SELECT c.id FROM commissions c
          WHERE NOT c.is_test AND NOT EXISTS (SELECT 1 FROM commissions r WHERE r.reverses_id = c.id)
          ORDER BY c.amount_minor DESC LIMIT 1)`,
      )
      .returning({ id: commissions.id });
    expect(removed).toHaveLength(1);

    const stored = await storedDailyStats(t.database.db, FROM, TO);
    const raw = await rawDailyStats(t.database.db, FROM, TO);
    expect(raw.length).toBeGreaterThan(5);
    expect(raw.some((r) => r.conversions > 0 && r.approved_minor > 0)).toBe(true);
    expect(stored, `seed ${seed}`).toEqual(raw);
    // the coarser table the dashboards read follows daily_stats through every one of those writes
    const totals = await storedDailyTotals(t.database.db, FROM, TO);
    expect(totals.length).toBeGreaterThan(0);
    expect(totals.length).toBeLessThan(stored.length);
    expect(totals, `seed ${seed}`).toEqual(await dailyStatsAsTotals(t.database.db, FROM, TO));
    // and the per-link rollup the tracking links list reads
    const perLink = await storedLinkDailyStats(t.database.db, FROM, TO);
    expect(perLink.some((r) => r.conversions > 0)).toBe(true);
    expect(perLink, `seed ${seed}`).toEqual(await rawLinkDailyStats(t.database.db, FROM, TO));
  });

  it('rebuild recomputes a damaged range from the raw tables', async () => {
    const before = await storedDailyStats(t.database.db, FROM, TO);
    expect(before.length).toBeGreaterThan(0);
    await t.database.db.execute(sql`UPDATE daily_stats SET clicks = clicks + 7, approved_minor = 0`);
    expect(await storedDailyStats(t.database.db, FROM, TO)).not.toEqual(before);
    await rebuildDailyStats(t.database.db, FROM, TO);
    expect(await storedDailyStats(t.database.db, FROM, TO)).toEqual(before);
    expect(await storedDailyTotals(t.database.db, FROM, TO)).toEqual(
      await dailyStatsAsTotals(t.database.db, FROM, TO),
    );
  });

  it('leaves test events out', async () => {
    const testClicks = await t.database.db.select().from(clicks).where(eq(clicks.isTest, true));
    expect(testClicks.length).toBeGreaterThan(0);
    const conv = await t.database.db.select().from(conversions);
    const humanClicks = (await t.database.db.select().from(clicks)).filter((c) => !c.isTest && !c.isBot);
    const stored = await storedDailyStats(t.database.db, FROM, TO);
    expect(stored.reduce((n, r) => n + r.clicks, 0)).toBe(humanClicks.length);
    expect(stored.reduce((n, r) => n + r.conversions, 0)).toBe(conv.filter((c) => !c.isTest).length);
  });
});
