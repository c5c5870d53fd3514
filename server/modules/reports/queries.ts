import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { commissions } from '../../db/schema/commissions';
import { campaigns } from '../../db/schema/marketplace';
import { clicks, conversions } from '../../db/schema/tracking';
import type { StatsScope, CurrencySums, DayRange } from '../analytics/service';
import { commissionSums, conversionSums, dayBounds, mergeSums, scopedWindow } from './raw-sums';

export type RawSubKey = 'sub2' | 'sub3' | 'sub4' | 'sub5';

const countWhere = (condition: SQL) => sql<string>`count(*) filter (where ${condition})::text`;

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
  const window = dayBounds(range);
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
    .select({ key: sql<string>`${subOf}`, currency: campaigns.currency, ...conversionSums() })
    .from(conversions)
    .innerJoin(campaigns, eq(campaigns.id, conversions.campaignId))
    .leftJoin(clicks, eq(clicks.id, conversions.clickId))
    .where(scopedWindow(conversions, campaigns.advertiserId, scope, window))
    .groupBy(subOf, campaigns.currency);

  const commissionRows = await db
    .select({ key: sql<string>`${subOf}`, currency: campaigns.currency, ...commissionSums() })
    .from(commissions)
    .innerJoin(campaigns, eq(campaigns.id, commissions.campaignId))
    .leftJoin(conversions, eq(conversions.id, commissions.conversionId))
    .leftJoin(clicks, eq(clicks.id, sql`coalesce(${commissions.clickId}, ${conversions.clickId})`))
    .where(scopedWindow(commissions, commissions.advertiserId, scope, window))
    .groupBy(subOf, campaigns.currency);

  return mergeSums({ clicks: clickRows, conversions: conversionRows, commissions: commissionRows });
}
