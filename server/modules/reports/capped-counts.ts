import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { commissions, PUBLISHER_CAP_REASON_SQL } from '../../db/schema/commissions';
import { clicks, conversions } from '../../db/schema/tracking';
import type { DayRange, StatsScope } from '../analytics/service';
import { dayBounds } from './raw-sums';
import type { ReportGroup } from './schema';

/** The report's group key of a capped commission, formatted as the rollups format theirs. */
function keyOf(group: ReportGroup): SQL {
  const day = sql`(${commissions.createdAt} at time zone 'UTC')`;
  const click = (column: SQL) => sql`coalesce(${column}, '')`;
  switch (group) {
    case 'day':
      return sql`to_char(${day}, 'YYYY-MM-DD')`;
    case 'week':
      return sql`to_char(date_trunc('week', ${day}), 'YYYY-MM-DD')`;
    case 'month':
      return sql`to_char(${day}, 'YYYY-MM')`;
    case 'campaign':
      return sql`${commissions.campaignId}::text`;
    case 'publisher':
      return sql`${commissions.publisherId}::text`;
    case 'website':
      return sql`${commissions.websiteId}::text`;
    case 'coupon':
      return sql`${conversions.couponId}::text`;
    case 'country':
      return click(sql`${clicks.country}`);
    default:
      return click(sql`${clicks[group]}`);
  }
}

/**
 * `capped`: how many conversions (and CPC clicks) were recorded over a publisher's cap, per report group
 * key: their commissions carry the cap's reason. From the raw commissions (the rollups keep no reasons),
 * test events left out, narrowed to the caller's scope and the range's days like every other figure.
 */
export async function cappedByKey(
  db: Db,
  group: ReportGroup,
  scope: StatsScope,
  range: DayRange,
): Promise<Map<string, number>> {
  const { start, end } = dayBounds(range);
  const key = keyOf(group);
  const rows = await db
    .select({ key: sql<string | null>`${key}`, capped: sql<string>`count(*)::text` })
    .from(commissions)
    .leftJoin(conversions, eq(conversions.id, commissions.conversionId))
    .leftJoin(clicks, eq(clicks.id, sql`coalesce(${commissions.clickId}, ${conversions.clickId})`))
    .where(
      and(
        // in the words of the partial index commissions_publisher_capped_idx
        sql`${commissions.reason} = ${PUBLISHER_CAP_REASON_SQL} and not ${commissions.isTest}`,
        inArray(commissions.kind, ['conversion', 'click']),
        gte(commissions.createdAt, start),
        lt(commissions.createdAt, end),
        group === 'coupon' ? sql`${conversions.couponId} is not null` : undefined,
        scope.advertiserId ? eq(commissions.advertiserId, scope.advertiserId) : undefined,
        scope.publisherId ? eq(commissions.publisherId, scope.publisherId) : undefined,
        scope.campaignId ? eq(commissions.campaignId, scope.campaignId) : undefined,
      ),
    )
    .groupBy(key);
  return new Map(rows.map((r) => [r.key ?? '', Number(r.capped)]));
}
