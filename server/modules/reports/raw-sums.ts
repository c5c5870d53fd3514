// What the report groups the daily rollup does not keep (sub2..sub5, coupons) share when they sum the raw
// tables: the range's bounds, the scope, the commission sums by status, and the merge of the per-table rows
// into one CurrencySums a key and currency.
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { commissions } from '../../db/schema/commissions';
import { conversions } from '../../db/schema/tracking';
import { exactSum } from '../../platform/minor-sum';
import { zeroFigures, type CurrencySums, type DayRange, type StatsScope } from '../analytics/service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** [from 00:00 UTC, the day after `to` 00:00 UTC): the range's days as timestamps. */
export function dayBounds(range: DayRange): { start: Date; end: Date } {
  const start = new Date(`${range.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS);
  return { start, end };
}

/** The columns an event table is windowed and scoped by (the publisher and campaign may be a joined row's). */
export interface EventColumns {
  isTest: AnyPgColumn;
  createdAt: AnyPgColumn;
  publisherId: AnyPgColumn;
  campaignId: AnyPgColumn;
}

/** Non-test rows of one event table in [start, end), narrowed to the caller's scope. */
export function scopedWindow(
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

/** The conversion columns of a group's row: how many, and their revenue as text (the sum can pass 2^53). */
export function conversionSums() {
  return {
    conversions: sql<string>`count(*)::text`,
    revenueMinor: sql<string>`coalesce(sum(${conversions.amountMinor}), 0)::text`,
  };
}

/** The commission columns of a group's row: the amounts by status, as text (the sums can pass 2^53). */
export function commissionSums() {
  const byStatus = (status: 'pending' | 'approved' | 'paid') =>
    sql<string>`coalesce(sum(${commissions.amountMinor}) filter (where ${commissions.status} = ${status}), 0)::text`;
  return { pendingMinor: byStatus('pending'), approvedMinor: byStatus('approved'), paidMinor: byStatus('paid') };
}

interface Keyed {
  key: string;
  currency: string;
}

/** One CurrencySums a key and currency from the rows each table gave (a table may have no row for it). */
export function mergeSums(rows: {
  clicks?: (Keyed & { clicks: string; uniqueClicks: string })[];
  conversions: (Keyed & { conversions: string; revenueMinor: string })[];
  commissions: (Keyed & { pendingMinor: string; approvedMinor: string; paidMinor: string })[];
}): CurrencySums[] {
  const merged = new Map<string, CurrencySums>();
  const at = ({ key, currency }: Keyed) => {
    const id = `${key}\u0000${currency}`;
    let row = merged.get(id);
    if (!row) {
      row = { key, currency, ...zeroFigures() };
      merged.set(id, row);
    }
    return row;
  };
  for (const r of rows.clicks ?? []) {
    const row = at(r);
    row.clicks += Number(r.clicks);
    row.uniqueClicks += Number(r.uniqueClicks);
  }
  for (const r of rows.conversions) {
    const row = at(r);
    row.conversions += Number(r.conversions);
    row.revenueMinor += exactSum(r.revenueMinor);
  }
  for (const r of rows.commissions) {
    const row = at(r);
    row.pendingMinor += exactSum(r.pendingMinor);
    row.approvedMinor += exactSum(r.approvedMinor);
    row.paidMinor += exactSum(r.paidMinor);
  }
  return [...merged.values()];
}
