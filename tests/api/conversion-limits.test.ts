import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { campaigns } from '../../server/db/schema/marketplace';
import { auditLog } from '../../server/db/schema/platform';
import { conversions } from '../../server/db/schema/tracking';
import { ConversionWriter } from '../../server/modules/tracking/conversion-batch';
import type { ConversionOutcome } from '../../server/modules/tracking/conversions';
import { call, type TestApp } from './support/test-app';
import {
  approvedLink,
  appWithParties,
  clickOn,
  clickWritten,
  postback,
  saleRequest,
  type Party,
} from './support/tracking-fixtures';

// Budgets, daily caps and tiers stay exact when many postbacks for one campaign arrive at once: in one
// process they are written in batches, and two writers (two transactions at a time on PostgreSQL) wait on
// the campaign's lock. Runs on PGlite, and on PostgreSQL with DATABASE_URL.

let t: TestApp;
let adv: Party;
let pub: Party;

beforeAll(async () => {
  ({ t, adv, pub } = await appWithParties());
});
afterAll(() => t.close());

const PARALLEL = 50;
let clickNo = 0;

async function clicked(campaign: Record<string, unknown>) {
  const link = await approvedLink(t, adv, pub, campaign);
  const { clickId } = await clickOn(t, link.code, { ip: `198.51.100.${++clickNo % 250}` });
  return { ...link, clickId: clickId! };
}

type Clicked = Awaited<ReturnType<typeof clicked>>;

/** `n` postbacks at once, each its own order, for one click (a sale of 80.00; the campaign pays 15.00 flat). */
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

async function stored(campaignId: string) {
  const rows = await t.database.db
    .select({ status: commissions.status, amount: commissions.amountMinor, reason: commissions.reason })
    .from(commissions)
    .where(eq(commissions.campaignId, campaignId));
  const spending = rows.filter((r) => ['pending', 'approved', 'paid'].includes(r.status));
  const [spend] = (
    (await t.database.db.execute(
      sql`select coalesce((select spent_minor from campaign_spend where campaign_id = ${campaignId}), 0)::int as total,
        coalesce((select sum(spent_minor) from campaign_daily_spend where campaign_id = ${campaignId}), 0)::int as daily`,
    )) as unknown as { rows: { total: number; daily: number }[] }
  ).rows;
  const [campaign] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  const conversionCount = (
    await t.database.db.select().from(conversions).where(eq(conversions.campaignId, campaignId))
  ).length;
  return {
    rows,
    spent: spending.reduce((sum, r) => sum + r.amount, 0),
    spending: spending.length,
    counters: spend!,
    status: campaign!.status,
    conversionCount,
  };
}

const codes = (answers: { statusCode: number }[]) =>
  answers.reduce<Record<number, number>>(
    (acc, a) => ({ ...acc, [a.statusCode]: (acc[a.statusCode] ?? 0) + 1 }),
    {},
  );

describe('budgets, daily caps and tiers under concurrent postbacks', () => {
  it(`pays exactly the 7 commissions that fit a budget out of ${PARALLEL} at once, then pauses the campaign once`, async () => {
    const l = await clicked({ budget_minor: 7 * 1500 });
    const answers = await burst(l, PARALLEL, 'budget');
    expect(codes(answers)).toEqual({ 201: 7, 409: PARALLEL - 7 });
    for (const a of answers.filter((r) => r.statusCode === 201)) expect(a.json().status).toBe('pending');
    for (const a of answers.filter((r) => r.statusCode === 409))
      expect(a.json().detail).toBe('The campaign is paused, not active');
    const after = await stored(l.campaign.id);
    expect(after).toMatchObject({ spent: 10_500, spending: 7, status: 'paused', conversionCount: 7 });
    expect(after.counters).toEqual({ total: 10_500, daily: 10_500 });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, l.campaign.id), eq(auditLog.action, 'campaign.budget_reached')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ spent_minor: 10_500, budget_minor: 10_500 });
  });

  it('rejects the commission that would cross the budget, with the reason, instead of overspending', async () => {
    const l = await clicked({ budget_minor: 7 * 1500 + 700 });
    const answers = await burst(l, PARALLEL, 'over');
    expect(codes(answers)).toEqual({ 201: 8, 409: PARALLEL - 8 });
    const statuses = answers.filter((r) => r.statusCode === 201).map((r) => r.json().status);
    expect(statuses.sort()).toEqual([...Array(7).fill('pending'), 'rejected']);
    const after = await stored(l.campaign.id);
    expect(after).toMatchObject({ spent: 10_500, spending: 7, status: 'paused', conversionCount: 8 });
    expect(after.rows.find((r) => r.status === 'rejected')!.reason).toBe('The campaign’s budget was reached');
    expect(after.counters.total).toBe(10_500);
  });

  it(`keeps the daily cap exact: 7 pending, the other ${PARALLEL - 7} rejected with the reason, campaign still active`, async () => {
    const l = await clicked({ daily_cap_minor: 7 * 1500 });
    const answers = await burst(l, PARALLEL, 'cap');
    expect(codes(answers)).toEqual({ 201: PARALLEL });
    const statuses = answers.map((r) => r.json().status);
    expect(statuses.filter((s) => s === 'pending')).toHaveLength(7);
    expect(statuses.filter((s) => s === 'rejected')).toHaveLength(PARALLEL - 7);
    const after = await stored(l.campaign.id);
    expect(after).toMatchObject({ spent: 10_500, spending: 7, status: 'active', conversionCount: PARALLEL });
    expect(new Set(after.rows.filter((r) => r.status === 'rejected').map((r) => r.reason))).toEqual(
      new Set(['The campaign’s daily cap was reached']),
    );
    expect(after.counters).toEqual({ total: 10_500, daily: 10_500 });
  });

  it('counts tiers exactly: the 3rd and later conversions of the month pay the tier rate', async () => {
    const l = await clicked({ tiers: [{ min_conversions_in_month: 3, payout_minor: 2000 }] });
    const answers = await burst(l, 20, 'tier');
    expect(codes(answers)).toEqual({ 201: 20 });
    const paid = answers.map((r) => r.json().commission_minor as number).sort((a, b) => a - b);
    expect(paid).toEqual([1500, 1500, ...Array(18).fill(2000)]);
  });

  it('stays exact with two writers racing (two transactions at once on PostgreSQL)', async () => {
    const l = await clicked({ budget_minor: 7 * 1500, daily_cap_minor: 20 * 1500 });
    const db = t.database.db;
    await clickWritten(t, l.clickId);
    const writers = [new ConversionWriter(db), new ConversionWriter(db)];
    const settled = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) => writers[i % 2]!.submit(saleRequest(t, l, `race-${i}`))),
    );
    const created = settled.filter(
      (s): s is PromiseFulfilledResult<ConversionOutcome> =>
        s.status === 'fulfilled' && !s.value.result.duplicate,
    );
    const refused = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
    expect(created.map((s) => s.value.result.status)).toEqual(Array(7).fill('pending'));
    expect(created.filter((s) => s.value.created?.budgetReached)).toHaveLength(1);
    expect(refused).toHaveLength(PARALLEL - 7);
    for (const r of refused) expect((r.reason as Error).message).toBe('The campaign is paused, not active');
    const after = await stored(l.campaign.id);
    expect(after).toMatchObject({ spent: 10_500, spending: 7, status: 'paused', conversionCount: 7 });
    expect(after.counters.total).toBe(10_500);
  });

  it('gives the budget back when a commission is rejected, so the resumed campaign pays again', async () => {
    const l = await clicked({ budget_minor: 2 * 1500 });
    const [first, second] = await burst(l, 2, 'refund');
    expect([first!.statusCode, second!.statusCode]).toEqual([201, 201]);
    expect((await stored(l.campaign.id)).status).toBe('paused');
    const rejected = await call(t, 'POST', `/api/commissions/${first!.json().commission_id}/reject`, {
      token: adv.token,
      payload: { reason: 'Order cancelled' },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await stored(l.campaign.id)).counters).toEqual({ total: 1500, daily: 1500 });
    const resumed = await call(t, 'PUT', `/api/campaigns/${l.campaign.id}`, {
      token: adv.token,
      payload: { status: 'active' },
    });
    expect(resumed.statusCode).toBe(200);
    const [again] = await burst(l, 1, 'refund-after');
    expect(again!.json()).toMatchObject({ status: 'pending', commission_minor: 1500 });
    expect(await stored(l.campaign.id)).toMatchObject({ spent: 3000, status: 'paused' });
  });

  it('refuses a postback with another campaign’s secret and stores nothing', async () => {
    const mine = await clicked({ budget_minor: 10 * 1500 });
    const other = await clicked({});
    const res = await postback(t, {
      click_id: mine.clickId,
      order_id: 'foreign-1',
      amount: '80.00',
      secret: other.campaign.tracking_secret,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/secret/);
    expect(await stored(mine.campaign.id)).toMatchObject({ conversionCount: 0, spent: 0 });
  });
  it('keeps campaign_spend and campaign_daily_spend equal to the commissions they sum', async () => {
    const l = await clicked({ budget_minor: 100 * 1500 });
    const answers = await burst(l, 4, 'sums');
    const [a, b] = answers.map((r) => r.json().commission_id as string);
    expect((await call(t, 'POST', `/api/commissions/${a}/approve`, { token: adv.token })).statusCode).toBe(
      200,
    );
    expect(
      (
        await call(t, 'POST', `/api/commissions/${b}/reject`, {
          token: adv.token,
          payload: { reason: 'Test' },
        })
      ).statusCode,
    ).toBe(200);
    const mismatches = (await t.database.db.execute(sql`
      with raw as (
        select campaign_id, (created_at at time zone 'UTC')::date as day, sum(amount_minor) as spent
        from commissions where not is_test and status in ('pending', 'approved', 'paid') group by 1, 2)
      select 'daily' as what, coalesce(r.campaign_id, d.campaign_id) as campaign_id
      from raw r full join campaign_daily_spend d on d.campaign_id = r.campaign_id and d.day = r.day
      where coalesce(r.spent, 0) <> coalesce(d.spent_minor, 0)
      union all
      select 'total', coalesce(r.campaign_id, s.campaign_id)
      from (select campaign_id, sum(spent) as spent from raw group by 1) r
        full join campaign_spend s on s.campaign_id = r.campaign_id
      where coalesce(r.spent, 0) <> coalesce(s.spent_minor, 0)`)) as unknown as { rows: unknown[] };
    expect(mismatches.rows).toEqual([]);
    expect((await stored(l.campaign.id)).counters).toEqual({ total: 4500, daily: 4500 });
  });
});
