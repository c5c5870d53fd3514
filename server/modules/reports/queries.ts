import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connection';
import { commissions } from '../../db/schema/commissions';
import { campaigns } from '../../db/schema/marketplace';
import { clicks, conversions } from '../../db/schema/tracking';
import { exactSum } from '../../platform/minor-sum';
import type { StatsScope, CurrencySums, DayRange } from '../analytics/service';

export type RawSubKey = 'sub2' | 'sub3' | 'sub4' | 'sub5';

const DAY_MS = 24 * 60 * 60 * 1000;
const sum = (expr: SQL) => sql<string>`coalesce(sum(${expr}), 0)::text`;
const countWhere = (condition: SQL) => sql<string>`count(*) filter (where ${condition})::text`;

/** [from 00:00 UTC, the day after `to` 00:00 UTC): the range's days as timestamps. */
function bounds(range: DayRange) {
  const start = new Date(`${range.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS);
  return { start, end };
}

interface EventColumns {
  isTest: AnyPgColumn;
  createdAt: AnyPgColumn;
  publisherId: AnyPgColumn;
  campaignId: AnyPgColumn;
}

/** Non-test rows of one event table in [start, end), narrowed to the caller's scope. */
function scopedWindow(
  t: EventColumns,
  advertiserId: AnyPgColumn,
  scope: StatsScope,
  { start, end }: { start: Date; end: Date },
) {
  return and(
    eq(t.isTest, false),
    gte(t.createdAt, start),
    lt(t.createdAt, end),
    scope.advertiserId ? eq(advertiserId, scope.advertiserId) : undefined,
    scope.publisherId ? eq(t.publisherId, scope.publisherId) : undefined,
    scope.campaignId ? eq(t.campaignId, scope.campaignId) : undefined,
  );
}

/**
 * Sums per sub-id value and currency for sub2..sub5, which the daily rollup does not keep: the same figures
 * the rollup triggers compute (migration 0008), from the raw tables. Test events never count; `clicks` are
 * human clicks; a commission belongs to the day it was created and to the sub-ids of its click (its own,
 * or its conversion's); clawbacks have neither and fall under ''.
 */
export async function sumBySubId(
  db: Db,
  sub: RawSubKey,
  scope: StatsScope,
  range: DayRange,
  /** clicks are counted from here on only (the click retention dropped those before) */
  clicksFrom?: Date,
): Promise<CurrencySums[]> {
  const window = bounds(range);
  const clickWindow =
    clicksFrom && clicksFrom > window.start
      ? { start: clicksFrom < window.end ? clicksFrom : window.end, end: window.end }
      : window;
  const subOf = sql`coalesce(${clicks[sub]}, '')`;

  const clickRows = await db
    .select({
      key: sql<string>`${subOf}`,
      currency: campaigns.currency,
      clicks: countWhere(sql`not ${clicks.isBot}`),
      uniqueClicks: countWhere(sql`${clicks.isUnique} and not ${clicks.isBot}`),
    })
    .from(clicks)
    .innerJoin(campaigns, eq(campaigns.id, clicks.campaignId))
    .where(scopedWindow(clicks, campaigns.advertiserId, scope, clickWindow))
    .groupBy(subOf, campaigns.currency);

  const conversionRows = await db
    .select({
      key: sql<string>`${subOf}`,
      currency: campaigns.currency,
      conversions: sql<string>`count(*)::text`,
      revenueMinor: sum(sql`${conversions.amountMinor}`),
    })
    .from(conversions)
    .innerJoin(campaigns, eq(campaigns.id, conversions.campaignId))
    .leftJoin(clicks, eq(clicks.id, conversions.clickId))
    .where(scopedWindow(conversions, campaigns.advertiserId, scope, window))
    .groupBy(subOf, campaigns.currency);

  const byStatus = (status: 'pending' | 'approved' | 'paid') =>
    sql<string>`coalesce(sum(${commissions.amountMinor}) filter (where ${commissions.status} = ${status}), 0)::text`;
  const commissionRows = await db
    .select({
      key: sql<string>`${subOf}`,
      currency: campaigns.currency,
      pendingMinor: byStatus('pending'),
      approvedMinor: byStatus('approved'),
      paidMinor: byStatus('paid'),
    })
    .from(commissions)
    .innerJoin(campaigns, eq(campaigns.id, commissions.campaignId))
    .leftJoin(conversions, eq(conversions.id, commissions.conversionId))
    .leftJoin(clicks, eq(clicks.id, sql`coalesce(${commissions.clickId}, ${conversions.clickId})`))
    .where(scopedWindow(commissions, commissions.advertiserId, scope, window))
    .groupBy(subOf, campaigns.currency);

  const merged = new Map<string, CurrencySums>();
  const at = (key: string, currency: string) => {
    const id = `${key}\u0000${currency}`;
    let row = merged.get(id);
    if (!row) {
      row = {
        key,
        currency,
        clicks: 0,
        uniqueClicks: 0,
        conversions: 0,
        revenueMinor: 0n,
        pendingMinor: 0n,
        approvedMinor: 0n,
        paidMinor: 0n,
      };
      merged.set(id, row);
    }
    return row;
  };
  for (const r of clickRows) {
    const row = at(r.key, r.currency);
    row.clicks += Number(r.clicks);
    row.uniqueClicks += Number(r.uniqueClicks);
  }
  for (const r of conversionRows) {
    const row = at(r.key, r.currency);
    row.conversions += Number(r.conversions);
    row.revenueMinor += exactSum(r.revenueMinor);
  }
  for (const r of commissionRows) {
    const row = at(r.key, r.currency);
    row.pendingMinor += exactSum(r.pendingMinor);
    row.approvedMinor += exactSum(r.approvedMinor);
    row.paidMinor += exactSum(r.paidMinor);
  }
  return [...merged.values()];
}
