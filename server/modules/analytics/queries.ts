import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connection';
import { campaigns, websites } from '../../db/schema/marketplace';
import { dailyStats, dailyTotals } from '../../db/schema/stats';
import { profiles, users } from '../../db/schema/users';
import { exactSum } from '../../platform/minor-sum';
import type { StatsScope } from './policy';
import type { DayRange } from './range';

/** How rollup rows are grouped: by nothing (totals), a period, or one of the rollup's dimensions. */
export const ROLLUP_GROUPS = [
  'none',
  'day',
  'week',
  'month',
  'campaign',
  'publisher',
  'website',
  'country',
  'sub1',
] as const;
export type RollupGroup = (typeof ROLLUP_GROUPS)[number];

/**
 * Which rollup answers a grouping: daily_totals (day × campaign × publisher × website) for everything it
 * keeps, daily_stats (also × sub1 × country, several times as many rows) only where sub1 or country is
 * asked for. Both hold the same sums (migration 0010 keeps one from the other).
 */
type RollupTable = typeof dailyStats | typeof dailyTotals;
const tableFor = (group: RollupGroup): RollupTable =>
  group === 'country' || group === 'sub1' ? dailyStats : dailyTotals;

/**
 * What rows are grouped by, and the group's key as text (a day, an ISO week's Monday, 'YYYY-MM', an id,
 * a country code or a sub-id). Rows are grouped by the raw column and the key is formatted once per
 * group: formatting every row first (to_char per row) took half the time of a dashboard's series.
 */
function grouping(d: RollupTable, group: RollupGroup): { by: SQL | AnyPgColumn | null; key: SQL } {
  switch (group) {
    case 'none':
      return { by: null, key: sql`''` };
    case 'day':
      return { by: d.day, key: sql`to_char(${d.day}, 'YYYY-MM-DD')` };
    case 'week': {
      const monday = sql`date_trunc('week', ${d.day})`;
      return { by: monday, key: sql`to_char(${monday}, 'YYYY-MM-DD')` };
    }
    case 'month': {
      const first = sql`date_trunc('month', ${d.day})`;
      return { by: first, key: sql`to_char(${first}, 'YYYY-MM')` };
    }
    case 'campaign':
      return { by: d.campaignId, key: sql`${d.campaignId}::text` };
    case 'publisher':
      return { by: d.publisherId, key: sql`${d.publisherId}::text` };
    case 'website':
      return { by: d.websiteId, key: sql`${d.websiteId}::text` };
    case 'country':
    case 'sub1':
      return { by: dailyStats[group], key: sql`${dailyStats[group]}` };
  }
}

/** One group's sums in one currency (money in minor units of `currency`). */
export interface CurrencySums {
  key: string;
  currency: string;
  clicks: number;
  uniqueClicks: number;
  conversions: number;
  revenueMinor: bigint;
  pendingMinor: bigint;
  approvedMinor: bigint;
  paidMinor: bigint;
}

// sums of integer and bigint columns come back as numeric: as text, then a JS number for counts (far below
// 2^53) and an exact bigint for money (a few conversions at the cap add up past 2^53)
const total = (column: SQL | AnyPgColumn) => sql<string>`coalesce(sum(${column}), 0)::text`;

function scopeWhere(d: RollupTable, scope: StatsScope, range: DayRange): SQL | undefined {
  return and(
    gte(d.day, range.from),
    lte(d.day, range.to),
    scope.advertiserId ? eq(d.advertiserId, scope.advertiserId) : undefined,
    scope.publisherId ? eq(d.publisherId, scope.publisherId) : undefined,
    scope.campaignId ? eq(d.campaignId, scope.campaignId) : undefined,
  );
}

/** The rollups summed per group and currency: conversion to one currency happens in JS (figures.ts). */
export async function sumRollups(
  db: Db,
  scope: StatsScope,
  range: DayRange,
  group: RollupGroup,
): Promise<CurrencySums[]> {
  const d = tableFor(group);
  const { by, key } = grouping(d, group);
  const rows = await db
    .select({
      key: sql<string>`${key}`,
      currency: d.currency,
      clicks: total(d.clicks),
      uniqueClicks: total(d.uniqueClicks),
      conversions: total(d.conversions),
      revenueMinor: total(d.revenueMinor),
      pendingMinor: total(d.pendingMinor),
      approvedMinor: total(d.approvedMinor),
      paidMinor: total(d.paidMinor),
    })
    .from(d)
    .where(scopeWhere(d, scope, range))
    // PostgreSQL refuses a constant in GROUP BY: totals group by currency alone
    .groupBy(...(by === null ? [d.currency] : [by, d.currency]));
  return rows.map((r) => ({
    key: r.key,
    currency: r.currency,
    clicks: Number(r.clicks),
    uniqueClicks: Number(r.uniqueClicks),
    conversions: Number(r.conversions),
    revenueMinor: exactSum(r.revenueMinor),
    pendingMinor: exactSum(r.pendingMinor),
    approvedMinor: exactSum(r.approvedMinor),
    paidMinor: exactSum(r.paidMinor),
  }));
}

/** Names for campaign ids, display names for publisher ids, URLs for website ids. */
export async function labelsFor(
  db: Db,
  group: 'campaign' | 'publisher' | 'website',
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  let rows: { id: string; label: string }[];
  if (group === 'campaign') {
    rows = await db
      .select({ id: campaigns.id, label: campaigns.name })
      .from(campaigns)
      .where(inArray(campaigns.id, ids));
  } else if (group === 'website') {
    rows = await db
      .select({ id: websites.id, label: websites.url })
      .from(websites)
      .where(inArray(websites.id, ids));
  } else {
    rows = await db
      .select({
        id: users.id,
        label: sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.name})`,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(inArray(users.id, ids));
  }
  return new Map(rows.map((r) => [r.id, r.label]));
}
