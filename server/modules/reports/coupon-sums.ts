import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connection';
import { commissions } from '../../db/schema/commissions';
import { coupons } from '../../db/schema/coupons';
import { campaigns } from '../../db/schema/marketplace';
import { conversions } from '../../db/schema/tracking';
import { exactSum } from '../../platform/minor-sum';
import type { CurrencySums, DayRange, StatsScope } from '../analytics/service';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `group_by=coupon`: per coupon code (key: the coupon's id) the conversions it attributed (renewals of those
 * sales included) and their commissions, from the raw tables; test events never count. Coupons bring no
 * clicks, and conversions without a code are left out.
 */
export async function sumByCoupon(db: Db, scope: StatsScope, range: DayRange): Promise<CurrencySums[]> {
  const start = new Date(`${range.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS);
  const inScope = (t: { isTest: AnyPgColumn; createdAt: AnyPgColumn }) =>
    and(
      eq(t.isTest, false),
      gte(t.createdAt, start),
      lt(t.createdAt, end),
      isNotNull(conversions.couponId),
      scope.advertiserId ? eq(campaigns.advertiserId, scope.advertiserId) : undefined,
      scope.publisherId ? eq(conversions.publisherId, scope.publisherId) : undefined,
      scope.campaignId ? eq(conversions.campaignId, scope.campaignId) : undefined,
    );
  const key = sql<string>`${conversions.couponId}::text`;
  const conversionRows = await db
    .select({
      key,
      currency: campaigns.currency,
      conversions: sql<string>`count(*)::text`,
      revenueMinor: sql<string>`coalesce(sum(${conversions.amountMinor}), 0)::text`,
    })
    .from(conversions)
    .innerJoin(campaigns, eq(campaigns.id, conversions.campaignId))
    .where(inScope(conversions))
    .groupBy(conversions.couponId, campaigns.currency);
  const byStatus = (status: 'pending' | 'approved' | 'paid') =>
    sql<string>`coalesce(sum(${commissions.amountMinor}) filter (where ${commissions.status} = ${status}), 0)::text`;
  const commissionRows = await db
    .select({
      key,
      currency: campaigns.currency,
      pendingMinor: byStatus('pending'),
      approvedMinor: byStatus('approved'),
      paidMinor: byStatus('paid'),
    })
    .from(commissions)
    .innerJoin(conversions, eq(conversions.id, commissions.conversionId))
    .innerJoin(campaigns, eq(campaigns.id, commissions.campaignId))
    .where(inScope(commissions))
    .groupBy(conversions.couponId, campaigns.currency);

  const merged = new Map<string, CurrencySums>();
  const at = (k: string, currency: string) => {
    const id = `${k}\u0000${currency}`;
    let row = merged.get(id);
    if (!row) {
      row = {
        key: k,
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

/** The codes of these coupons by id (revoked ones too: their conversions stay in reports). */
export async function couponLabels(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: coupons.id, code: coupons.code })
    .from(coupons)
    .where(inArray(coupons.id, ids));
  return new Map(rows.map((r) => [r.id, r.code]));
}
