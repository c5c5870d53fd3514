import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows, type Db } from '../../server/db/connection';
import { monthOf, monthPartitions } from '../../server/db/partitions';
import { clicks, conversions, trackingLinks } from '../../server/db/schema/tracking';
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

let t: TestApp;
let adv: Party;
let pub: Party;
let admin: Party;

beforeAll(async () => {
  t = await createTestApp();
  adv = await party(t, 'advertiser');
  pub = await party(t, 'publisher');
  admin = await party(t, 'admin');
});
afterAll(() => t.close());

const partName = (table: string, month: string) => `${table}_y${month.slice(0, 4)}m${month.slice(5, 7)}`;

/** The partition a row of `table` is stored in. */
async function partitionOf(db: Db, table: 'clicks' | 'conversions', id: string): Promise<string | undefined> {
  const [row] = await executeRows<{ part: string }>(
    db,
    sql`select tableoid::regclass::text as part from ${sql.identifier(table)} where id = ${id}`,
  );
  return row?.part;
}

/** `count` human clicks on the link at `at`, written the way the click buffer writes them. */
async function clicksAt(link: LinkFixture, at: Date, count: number, sub2: string): Promise<string[]> {
  const [stored] = await t.database.db.select().from(trackingLinks).where(eq(trackingLinks.code, link.code));
  const records: ClickRecord[] = Array.from({ length: count }, (_, i) => ({
    id: randomBytes(12).toString('base64url'),
    linkId: stored!.id,
    campaignId: stored!.campaignId,
    advertiserId: adv.id,
    publisherId: stored!.publisherId,
    websiteId: stored!.websiteId,
    commissionModel: 'cpa',
    ipHash: `ip-${i}-${at.getTime()}`,
    userAgent: 'Mozilla/5.0',
    referrer: null,
    subs: ['spring', sub2, null, null, null],
    country: 'DK',
    isUnique: true,
    isBot: false,
    isTest: false,
    createdAt: new Date(at.getTime() + i * 1000),
  }));
  await insertClicks(t.database.db, records, false);
  return records.map((r) => r.id);
}

/** A sale on `clickId` posted at `now` (the writer's clock), through the same writer the postback route uses. */
function saleAt(writer: ConversionWriter, link: LinkFixture, clickId: string, orderId: string, now: Date) {
  return writer.submit({ ...saleRequest(t, { clickId, campaign: link.campaign }, orderId), now });
}

const report = async (query: string) => {
  const res = await call(t, 'GET', `/api/reports?currency=USD&${query}`, { token: adv.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: { key: string; clicks: number; conversions: number }[]; totals: object };
};

describe('monthly partitions of clicks and conversions', () => {
  it('exist for this month and the next two after start, with a default partition', async () => {
    const now = new Date();
    for (const table of ['clicks', 'conversions'] as const) {
      const months = (await monthPartitions(t.database.db, table)).map((p) => p.month);
      expect(months).toEqual(expect.arrayContaining([monthOf(now), monthOf(now, 1), monthOf(now, 2)]));
      const [found] = await executeRows<{ found: boolean }>(
        t.database.db,
        sql`select to_regclass(${`${table}_default`}) is not null as found`,
      );
      expect(found?.found).toBe(true);
    }
  });

  it('are made ahead by the job, once a day across processes', async () => {
    const later = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 15));
    const upkeep = await maintainEventPartitions(t.database.db, { now: later });
    expect(upkeep?.made).toEqual(
      expect.arrayContaining([0, 1, 2].map((offset) => partName('clicks', monthOf(later, offset)))),
    );
    expect(upkeep?.made).toContain(partName('conversions', monthOf(later, 2)));
    // the day is claimed: a second process (or a second check) that day does nothing
    expect(await maintainEventPartitions(t.database.db, { now: later })).toBeNull();
    const months = (await monthPartitions(t.database.db, 'conversions')).map((p) => p.month);
    expect(months).toContain(monthOf(later, 2));
  });

  it('hold a click and a conversion of different months in their months', async () => {
    const link = await approvedLink(t, adv, pub, { attribution_days: 90 });
    const { clickId } = await clickOn(t, link.code, { ip: '203.0.113.80' });
    await clickWritten(t, clickId!);
    expect(await partitionOf(t.database.db, 'clicks', clickId!)).toBe(partName('clicks', monthOf(new Date())));

    const nextMonth = new Date(Date.parse(`${monthOf(new Date(), 1)}T00:30:00Z`));
    const [later] = await clicksAt(link, nextMonth, 1, 'later');
    expect(await partitionOf(t.database.db, 'clicks', later!)).toBe(partName('clicks', monthOf(nextMonth)));

    const writer = new ConversionWriter(t.database.db);
    const sale = await saleAt(writer, link, clickId!, 'next-month-order', nextMonth);
    expect(sale.result.duplicate).toBe(false);
    expect(await partitionOf(t.database.db, 'conversions', sale.result.conversion_id)).toBe(
      partName('conversions', monthOf(nextMonth)),
    );
  });

  it('keep a row outside the made months in the default partition until its month is made', async () => {
    const link = await approvedLink(t, adv, pub);
    const year = new Date().getUTCFullYear() - 3;
    const [id] = await clicksAt(link, new Date(`${year}-07-04T08:00:00Z`), 1, 'waiting');
    expect(await partitionOf(t.database.db, 'clicks', id!)).toBe('clicks_default');
    const rollup = () =>
      executeRows<{ clicks: number }>(
        t.database.db,
        sql`select clicks from daily_stats where campaign_id = ${link.campaign.id} and day = ${`${year}-07-04`}`,
      );
    expect(await rollup()).toEqual([{ clicks: 1 }]);

    await executeRows(t.database.db, sql`select ensure_month_partition('clicks', ${`${year}-07-01`}::date)`);
    expect(await partitionOf(t.database.db, 'clicks', id!)).toBe(partName('clicks', `${year}-07-01`));
    // moved, not deleted and inserted again: the rollup counts it once
    expect(await rollup()).toEqual([{ clicks: 1 }]);
    const [row] = await t.database.db.select().from(clicks).where(eq(clicks.id, id!));
    expect(row?.sub2).toBe('waiting');
  });

  it('store an order once across a month boundary, whichever month comes first', async () => {
    const link = await approvedLink(t, adv, pub, { attribution_days: 90 });
    const { clickId } = await clickOn(t, link.code, { ip: '203.0.113.81' });
    await clickWritten(t, clickId!);
    const writer = new ConversionWriter(t.database.db);
    const thisMonth = new Date();
    const nextMonth = new Date(Date.parse(`${monthOf(thisMonth, 1)}T00:00:01Z`));

    const first = await saleAt(writer, link, clickId!, 'order-a', thisMonth);
    const again = await saleAt(writer, link, clickId!, 'order-a', nextMonth);
    expect(first.result.duplicate).toBe(false);
    expect(again.result).toMatchObject({ duplicate: true, conversion_id: first.result.conversion_id });

    // the later month first (a clock ahead), then the earlier one
    const ahead = await saleAt(writer, link, clickId!, 'order-b', nextMonth);
    const behind = await saleAt(writer, link, clickId!, 'order-b', thisMonth);
    expect(behind.result).toMatchObject({ duplicate: true, conversion_id: ahead.result.conversion_id });

    // two writers at once, one on each side of the boundary: one conversion
    const other = new ConversionWriter(t.database.db);
    const raced = await Promise.all([
      saleAt(writer, link, clickId!, 'order-c', thisMonth),
      saleAt(other, link, clickId!, 'order-c', nextMonth),
    ]);
    expect(raced.filter((o) => !o.result.duplicate)).toHaveLength(1);

    const stored = await t.database.db
      .select({ orderId: conversions.orderId })
      .from(conversions)
      .where(eq(conversions.campaignId, link.campaign.id));
    expect(stored.map((r) => r.orderId).sort()).toEqual(['order-a', 'order-b', 'order-c']);
  });
});

describe('click retention', () => {
  it('is an admin setting, 400 days unless changed, at least the longest attribution window', async () => {
    const got = await call(t, 'GET', '/api/admin/settings', { token: admin.token });
    expect(got.json()).toMatchObject({ click_retention_days: 400 });
    const tooShort = await call(t, 'PUT', '/api/admin/settings', {
      token: admin.token,
      payload: { click_retention_days: 30 },
    });
    expect(tooShort.statusCode).toBe(422);
    expect(tooShort.body).toMatch(/click_retention_days must be between 365/);
    const ok = await call(t, 'PUT', '/api/admin/settings', {
      token: admin.token,
      payload: { click_retention_days: 500 },
    });
    expect(ok.json()).toMatchObject({ click_retention_days: 500 });
    const back = await call(t, 'PUT', '/api/admin/settings', {
      token: admin.token,
      payload: { click_retention_days: 400 },
    });
    expect(back.statusCode).toBe(200);
  });

  it('drops a whole old month of clicks, and reports over it keep their totals from the rollups', async () => {
    const link = await approvedLink(t, adv, pub, { attribution_days: 90 });
    const year = new Date().getUTCFullYear() - 2;
    const month = `${year}-03-01`;
    await executeRows(t.database.db, sql`select ensure_month_partition('clicks', ${month}::date)`);
    const at = new Date(`${year}-03-10T12:00:00Z`);
    const ids = await clicksAt(link, at, 3, 'old-sub2');
    expect(await partitionOf(t.database.db, 'clicks', ids[0]!)).toBe(partName('clicks', month));
    const sold = await saleAt(new ConversionWriter(t.database.db), link, ids[0]!, 'old-order', at);
    expect(sold.result.duplicate).toBe(false);

    const range = `from=${year}-03-01&to=${year}-03-31&campaign_id=${link.campaign.id}`;
    const byDay = await report(`group_by=day&${range}`);
    const bySub1 = await report(`group_by=sub1&${range}`);
    const bySub2 = await report(`group_by=sub2&${range}`);
    expect(byDay.totals).toMatchObject({ clicks: 3, conversions: 1 });
    expect(bySub2.rows).toEqual([expect.objectContaining({ key: 'old-sub2', clicks: 3, conversions: 1 })]);

    const upkeep = await maintainEventPartitions(t.database.db, { force: true });
    expect(upkeep?.dropped).toContain(month);
    expect((await monthPartitions(t.database.db, 'clicks')).map((p) => p.month)).not.toContain(month);
    expect(await t.database.db.select().from(clicks).where(eq(clicks.campaignId, link.campaign.id))).toEqual([]);
    // the conversion is kept: only clicks are dropped
    expect(await partitionOf(t.database.db, 'conversions', sold.result.conversion_id)).toBeDefined();

    expect((await report(`group_by=day&${range}`)).totals).toEqual(byDay.totals);
    expect((await report(`group_by=sub1&${range}`)).totals).toEqual(bySub1.totals);
    // sub2 is not in the rollups: the dropped days' clicks count under no sub-id, the totals stay
    const after = await report(`group_by=sub2&${range}`);
    expect(after.totals).toEqual(bySub2.totals);
    expect(after.rows).toEqual([expect.objectContaining({ key: '', clicks: 3, conversions: 1 })]);
  });
});

describe('the upgrade to partitioned events', () => {
  it('moves the rows an older release stored into their months, counting nothing twice', async () => {
    const place = await scratch();
    const level = MIGRATIONS.findIndex((m) => m.sql.some((s) => s.includes('partition_by_month_once')));
    expect(level).toBeGreaterThan(0);
    const old = new Date(Date.UTC(new Date().getUTCFullYear() - 1, 1, 14, 9));
    const now = new Date();
    const campaignId = randomUUID();
    await place.older(level, async (db) => {
      // rows only: the parents' key checks and the rollup triggers are off while they are written
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        for (const [id, at] of [
          ['old-click', old],
          ['new-click', now],
        ] as const) {
          await tx.execute(sql`insert into clicks (id, link_id, campaign_id, publisher_id, website_id, ip_hash,
            is_unique, is_bot, created_at) values (${id}, ${randomUUID()}, ${campaignId}, ${randomUUID()},
            ${randomUUID()}, 'h', true, false, ${at.toISOString()})`);
          await tx.execute(sql`insert into conversions (click_id, campaign_id, publisher_id, website_id, order_id,
            event, original_amount_minor, original_currency, amount_minor, currency, source, created_at)
            values (${id}, ${campaignId}, ${randomUUID()}, ${randomUUID()}, ${`order-${id}`}, 'sale', 100, 'USD',
            100, 'USD', 'postback', ${at.toISOString()})`);
        }
      });
    });
    const database = await place.open();
    try {
      const db = database.db;
      expect(await partitionOf(db, 'clicks', 'old-click')).toBe(partName('clicks', monthOf(old)));
      expect(await partitionOf(db, 'clicks', 'new-click')).toBe(partName('clicks', monthOf(now)));
      const [orders] = await rows<{ n: number }>(db, sql`select count(*)::int as n from conversion_orders`);
      expect(orders?.n).toBe(2);
      const [moved] = await rows<{ id: string }>(
        db,
        sql`select id from conversions where order_id = 'order-old-click'`,
      );
      expect(await partitionOf(db, 'conversions', moved!.id)).toBe(partName('conversions', monthOf(old)));
      const months = (await monthPartitions(db, 'conversions')).map((p) => p.month);
      expect(months).toEqual(expect.arrayContaining([monthOf(now, 1), monthOf(now, 2)]));
      // the copy fired no rollup trigger
      const [stats] = await rows<{ n: number }>(db, sql`select count(*)::int as n from daily_stats`);
      expect(stats?.n).toBe(0);
      // the order stays taken: storing it again (in another month) is skipped by the claim
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = origin`);
        const again = await rows<{ id: string }>(
          tx,
          sql`insert into conversions (click_id, campaign_id, publisher_id, website_id, order_id, event,
            original_amount_minor, original_currency, amount_minor, currency, source)
            select click_id, campaign_id, publisher_id, website_id, order_id, event, 1, 'USD', 1, 'USD', 'postback'
            from conversions where order_id = 'order-old-click' returning id`,
        );
        expect(again).toEqual([]);
      });
    } finally {
      await database.close();
    }
  }, 120_000);
});
