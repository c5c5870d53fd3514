import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connection';
import { commissions } from '../../db/schema/commissions';
import { coupons } from '../../db/schema/coupons';
import { campaigns } from '../../db/schema/marketplace';
import { conversions } from '../../db/schema/tracking';
import type { CurrencySums, DayRange, StatsScope } from '../analytics/service';
import { commissionSums, conversionSums, dayBounds, mergeSums, scopedWindow } from './raw-sums';

/**
 * `group_by=coupon`: per coupon code (key: the coupon's id) the conversions it attributed (renewals of those
 * sales included) and their commissions, from the raw tables; test events never count. Coupons bring no
 * clicks, and conversions without a code are left out.
 */
export async function sumByCoupon(db: Db, scope: StatsScope, range: DayRange): Promise<CurrencySums[]> {
  const window = dayBounds(range);
  // a commission is scoped by its conversion's publisher and campaign: the conversion the code attributed
  const inScope = (t: { isTest: AnyPgColumn; createdAt: AnyPgColumn }) =>
    and(
      scopedWindow(
        {
          isTest: t.isTest,
          createdAt: t.createdAt,
          publisherId: conversions.publisherId,
          campaignId: conversions.campaignId,
        },
        campaigns.advertiserId,
        scope,
        window,
      ),
      isNotNull(conversions.couponId),
    );
  const key = sql<string>`${conversions.couponId}::text`;
  const conversionRows = await db
    .select({ key, currency: campaigns.currency, ...conversionSums() })
    .from(conversions)
    .innerJoin(campaigns, eq(campaigns.id, conversions.campaignId))
    .where(inScope(conversions))
    .groupBy(conversions.couponId, campaigns.currency);
  const commissionRows = await db
    .select({ key, currency: campaigns.currency, ...commissionSums() })
    .from(commissions)
    .innerJoin(conversions, eq(conversions.id, commissions.conversionId))
    .innerJoin(campaigns, eq(campaigns.id, commissions.campaignId))
    .where(inScope(commissions))
    .groupBy(conversions.couponId, campaigns.currency);
  return mergeSums({ conversions: conversionRows, commissions: commissionRows });
}

/** The codes of these coupons by id (revoked ones too: their conversions stay in reports). */
export async function couponLabels(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: coupons.id, code: coupons.code })
    .from(coupons)
    .where(inArray(coupons.id, ids));
  return new Map(rows.map((r) => [r.id, r.code]));
}
