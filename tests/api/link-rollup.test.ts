import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../server/db/connection';
import { rawLinkDailyStats, rebuildLinkDailyStats, storedLinkDailyStats } from '../../server/db/link-rollups';
import { monthPartitions } from '../../server/db/partitions';
import { clicks, trackingLinks } from '../../server/db/schema/tracking';
import type { ClickRecord } from '../../server/modules/tracking/click-buffer';
import { ConversionWriter } from '../../server/modules/tracking/conversion-batch';
import { insertClicks } from '../../server/modules/tracking/queries';
import { maintainEventPartitions } from '../../server/platform/event-partitions';
import { MIGRATIONS, rows, scratch } from './support/older-release';
import { call, createTestApp, type TestApp } from './support/test-app';
import {
  approvedLink,
  clickOn,
  clickWritten,
  party,
  saleRequest,
  type LinkFixture,
  type Party,
} from './support/tracking-fixtures';

// Per-link counts (the tracking links list) and the "has it tracked anything" checks (deleting a website or a
// campaign) read the per-link rollup link_daily_stats, so the click retention dropping a month changes neither.

let t: TestApp;
let adv: Party;
let pub: Party;

beforeAll(async () => {
  t = await createTestApp();
  adv = await party(t, 'advertiser');
  pub = await party(t, 'publisher');
});
afterAll(() => t.close());

type Kind = 'human' | 'bot' | 'test';

async function storedLink(link: LinkFixture) {
  const [stored] = await t.database.db.select().from(trackingLinks).where(eq(trackingLinks.code, link.code));
  return stored!;
}

/** Clicks on the link at `at` (one a second), each of the kind given, written the way the click buffer writes them. */
async function clicksAt(link: LinkFixture, at: Date, kinds: Kind[]): Promise<string[]> {
  const stored = await storedLink(link);
  const records: ClickRecord[] = kinds.map((kind, i) => ({
    id: randomBytes(12).toString('base64url'),
    linkId: stored.id,
    campaignId: stored.campaignId,
    advertiserId: adv.id,
    publisherId: stored.publisherId,
    websiteId: stored.websiteId,
    commissionModel: 'cpa',
    ipHash: `ip-${i % 2}-${at.getTime()}`,
    userAgent: 'Mozilla/5.0',
    referrer: null,
    subs: ['spring', null, null, null, null],
    country: 'DK',
    isUnique: i < 2,
    isBot: kind === 'bot',
    isTest: kind === 'test',
    createdAt: new Date(at.getTime() + i * 1000),
  }));
  await insertClicks(t.database.db, records, false);
  return records.map((r) => r.id);
}

function saleAt(link: LinkFixture, clickId: string, orderId: string, now: Date) {
  return new ConversionWriter(t.database.db).submit({
    ...saleRequest(t, { clickId, campaign: link.campaign }, orderId),
    now,
  });
}

/** The link as its publisher and its advertiser see it in the tracking links list. */
async function listed(link: LinkFixture) {
  const seen: { clicks?: number; conversions?: number }[] = [];
  for (const who of [pub, adv]) {
    const res = await call(t, 'GET', `/api/tracking/links?campaign_id=${link.campaign.id}`, {
      token: who.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json() as { code: string; clicks: number; conversions: number }[]).find(
      (l) => l.code === link.code,
    );
    seen.push({ clicks: found?.clicks, conversions: found?.conversions });
  }
  return seen;
}

const deleteWebsite = async (link: LinkFixture) =>
  (await call(t, 'DELETE', `/api/websites/${(await storedLink(link)).websiteId}`, { token: pub.token }))
    .statusCode;

/** What deleting the campaign answers: 200 (it has history: ended instead) or 204 (deleted). */
const deleteCampaign = async (link: LinkFixture) =>
  (await call(t, 'DELETE', `/api/campaigns/${link.campaign.id}`, { token: adv.token })).statusCode;

describe('per-link counts and the deletion checks after the click retention drops a month', () => {
  it('stay the same, and new clicks still count', async () => {
    const year = new Date().getUTCFullYear() - 2;
    const month = `${year}-04-01`;
    await executeRows(t.database.db, sql`select ensure_month_partition('clicks', ${month}::date)`);
    const at = new Date(`${year}-04-12T10:00:00Z`);

    // a link with a sale on an old click (the campaign has a commission), and one with clicks only
    const sold = await approvedLink(t, adv, pub, { attribution_days: 90 });
    const [first] = await clicksAt(sold, at, ['human', 'human', 'human', 'bot', 'test']);
    expect((await saleAt(sold, first!, 'old-order', at)).result.duplicate).toBe(false);
    const clicked = await approvedLink(t, adv, pub, { name: 'Clicked only' });
    await clicksAt(clicked, at, ['human', 'human', 'test']);

    const before = { sold: await listed(sold), clicked: await listed(clicked) };
    expect(before.sold).toEqual([
      { clicks: 3, conversions: 1 },
      { clicks: 3, conversions: 1 },
    ]);
    expect(before.clicked[0]).toEqual({ clicks: 2, conversions: 0 });
    // a website with clicks cannot be deleted
    expect(await deleteWebsite(sold)).toBe(409);
    expect(await deleteWebsite(clicked)).toBe(409);

    const upkeep = await maintainEventPartitions(t.database.db, { force: true });
    expect(upkeep?.dropped).toContain(month);
    expect((await monthPartitions(t.database.db, 'clicks')).map((p) => p.month)).not.toContain(month);
    const left = await t.database.db.select().from(clicks).where(eq(clicks.campaignId, clicked.campaign.id));
    expect(left).toEqual([]);

    expect(await listed(sold)).toEqual(before.sold);
    expect(await listed(clicked)).toEqual(before.clicked);
    expect(await deleteWebsite(sold)).toBe(409);
    expect(await deleteWebsite(clicked)).toBe(409);
    // the campaign with clicks only still has history: ended, not deleted
    expect(await deleteCampaign(clicked)).toBe(200);
    const kept = await call(t, 'GET', `/api/campaigns/${clicked.campaign.id}`, { token: adv.token });
    expect(kept.json()).toMatchObject({ status: 'ended' });

    // a click today, through the redirect, counts on top
    const { clickId } = await clickOn(t, sold.code, { ip: '203.0.113.90' });
    await clickWritten(t, clickId!);
    expect(await listed(sold)).toEqual([
      { clicks: 4, conversions: 1 },
      { clicks: 4, conversions: 1 },
    ]);
    expect((await saleAt(sold, clickId!, 'new-order', new Date())).result.duplicate).toBe(false);
    expect((await listed(sold))[0]).toEqual({ clicks: 4, conversions: 2 });
  });

  it('a campaign and a website without clicks can still be deleted', async () => {
    const link = await approvedLink(t, adv, pub, { name: 'Never clicked' });
    expect(await deleteWebsite(link)).toBe(204);
    const other = await approvedLink(t, adv, pub, { name: 'Never clicked either' });
    expect(await deleteCampaign(other)).toBe(204);
  });
});

describe('link_daily_stats', () => {
  it('equals the same counts from the raw tables, and a rebuild writes them again', async () => {
    const link = await approvedLink(t, adv, pub, { attribution_days: 90, name: 'Counted' });
    const other = await approvedLink(t, adv, pub, { attribution_days: 90, name: 'Counted too' });
    const noon = Date.parse(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
    const day1 = new Date(noon - 3 * 86_400_000);
    const day2 = new Date(noon - 86_400_000);
    const ids = await clicksAt(link, day1, ['human', 'bot', 'human', 'test', 'human']);
    await clicksAt(link, day2, ['test', 'human']);
    const [o1] = await clicksAt(other, day2, ['human', 'human', 'bot']);
    await saleAt(link, ids[0]!, 'counted-1', day1);
    await saleAt(link, ids[2]!, 'counted-2', day2);
    await saleAt(other, o1!, 'counted-3', day2);

    const from = day1.toISOString().slice(0, 10);
    const to = day2.toISOString().slice(0, 10);
    const stored = await storedLinkDailyStats(t.database.db, from, to);
    const linkId = (await storedLink(link)).id;
    expect(stored.filter((r) => r.link_id === linkId)).toEqual([
      {
        link_id: linkId,
        day: from,
        clicks: 3,
        unique_clicks: 1,
        bot_clicks: 1,
        test_clicks: 1,
        conversions: 1,
      },
      {
        link_id: linkId,
        day: to,
        clicks: 1,
        unique_clicks: 1,
        bot_clicks: 0,
        test_clicks: 1,
        conversions: 1,
      },
    ]);
    expect(stored).toEqual(await rawLinkDailyStats(t.database.db, from, to));

    await t.database.db.execute(sql`update link_daily_stats set clicks = 0 where link_id = ${linkId}`);
    expect(await rebuildLinkDailyStats(t.database.db, from, to)).toBe(stored.length);
    expect(await storedLinkDailyStats(t.database.db, from, to)).toEqual(stored);
  });

  it('loses a link’s rows with the link', async () => {
    const link = await approvedLink(t, adv, pub, { name: 'Short-lived' });
    await clicksAt(link, new Date(), ['human']);
    const linkId = (await storedLink(link)).id;
    const count = async () =>
      (
        await executeRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from link_daily_stats where link_id = ${linkId}`,
        )
      )[0]?.n;
    expect(await count()).toBe(1);
    await t.database.db.delete(trackingLinks).where(eq(trackingLinks.id, linkId));
    expect(await count()).toBe(0);
  });

  it('is filled from the clicks and conversions an older release stored', async () => {
    const place = await scratch();
    const level = MIGRATIONS.findIndex((m) =>
      m.sql.some((s) => s.includes('CREATE TABLE "link_daily_stats"')),
    );
    expect(level).toBeGreaterThan(0);
    const linkId = randomUUID();
    const campaignId = randomUUID();
    const day = '2026-02-03';
    await place.older(level, async (db) => {
      // rows only: keys and triggers are off while they are written
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`insert into tracking_links (id, code, application_id, campaign_id, publisher_id,
          website_id) values (${linkId}, 'old-link', ${randomUUID()}, ${campaignId}, ${randomUUID()}, ${randomUUID()})`);
        const click = (id: string, link: string, unique: boolean, bot: boolean, test: boolean) =>
          tx.execute(sql`insert into clicks (id, link_id, campaign_id, publisher_id, website_id, ip_hash, is_unique,
            is_bot, is_test, created_at) values (${id}, ${link}, ${campaignId}, ${randomUUID()}, ${randomUUID()}, 'h',
            ${unique}, ${bot}, ${test}, ${`${day}T10:00:00Z`})`);
        await click('c1', linkId, true, false, false);
        await click('c2', linkId, false, false, false);
        await click('c3', linkId, false, true, false);
        await click('c4', linkId, false, false, true);
        await click('gone', randomUUID(), true, false, false);
        for (const [order, test] of [
          ['o1', false],
          ['o2', true],
        ] as const) {
          await tx.execute(sql`insert into conversions (click_id, campaign_id, publisher_id, website_id, order_id,
            event, original_amount_minor, original_currency, amount_minor, currency, source, is_test, created_at)
            values ('c1', ${campaignId}, ${randomUUID()}, ${randomUUID()}, ${order}, 'sale', 100, 'USD', 100, 'USD',
            'postback', ${test}, '2026-02-05T10:00:00Z')`);
        }
      });
    });
    const database = await place.open();
    try {
      const filled = await rows<Record<string, unknown>>(
        database.db,
        sql`select link_id, day::text as day, clicks, unique_clicks, bot_clicks, test_clicks, conversions
          from link_daily_stats order by day`,
      );
      expect(filled).toEqual([
        {
          link_id: linkId,
          day,
          clicks: 2,
          unique_clicks: 1,
          bot_clicks: 1,
          test_clicks: 1,
          conversions: 0,
        },
        {
          link_id: linkId,
          day: '2026-02-05',
          clicks: 0,
          unique_clicks: 0,
          bot_clicks: 0,
          test_clicks: 0,
          conversions: 1,
        },
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
