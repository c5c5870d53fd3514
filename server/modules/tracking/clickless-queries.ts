import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { coupons } from '../../db/schema/coupons';
import { campaigns } from '../../db/schema/marketplace';
import { conversions, trackingLinks } from '../../db/schema/tracking';
import { users } from '../../db/schema/users';
import type { CampaignRow } from '../../db/rows';
import type { ConversionRow } from './queries';

// Reads of conversions without a click of their own (coupon codes, renewals): conversion-batch-clickless.ts.

/** Which campaigns a clickless postback may be about: the one it names, its API key owner's, or its secret's. */
export interface CampaignScope {
  campaignId?: string;
  advertiserId?: string;
  secret?: string;
}

function scopeCondition(scope: CampaignScope): SQL | undefined {
  if (scope.campaignId) return eq(campaigns.id, scope.campaignId);
  if (scope.advertiserId) return eq(campaigns.advertiserId, scope.advertiserId);
  if (scope.secret) return eq(campaigns.trackingSecret, scope.secret);
  return sql`false`;
}

export async function campaignsInScope(db: Db, scope: CampaignScope): Promise<CampaignRow[]> {
  return db.select().from(campaigns).where(scopeCondition(scope)).limit(2);
}

/** The publisher's tracking link on the campaign (an active one first) and their account status. */
export async function publisherLink(
  db: Db,
  campaignId: string,
  publisherId: string,
): Promise<{ linkId: string; websiteId: string; active: boolean; publisherStatus: string } | null> {
  const [row] = await db
    .select({
      linkId: trackingLinks.id,
      websiteId: trackingLinks.websiteId,
      active: trackingLinks.active,
      publisherStatus: users.status,
    })
    .from(trackingLinks)
    .innerJoin(users, eq(users.id, trackingLinks.publisherId))
    .where(and(eq(trackingLinks.campaignId, campaignId), eq(trackingLinks.publisherId, publisherId)))
    .orderBy(desc(trackingLinks.active), asc(trackingLinks.createdAt))
    .limit(1);
  return row ?? null;
}

/** Active (not revoked) coupons with this code on the campaigns in scope, with their campaign. */
export async function findActiveCoupons(db: Db, code: string, scope: CampaignScope) {
  return db
    .select({ couponId: coupons.id, publisherId: coupons.publisherId, campaign: campaigns })
    .from(coupons)
    .innerJoin(campaigns, eq(campaigns.id, coupons.campaignId))
    .where(and(eq(coupons.code, code), isNull(coupons.revokedAt), scopeCondition(scope)))
    .limit(2);
}

/** The first sale of a customer (or subscription) on each campaign in scope, earliest first. */
export async function findFirstSales(
  db: Db,
  ref: { customerId?: string; subscriptionId?: string },
  scope: CampaignScope,
): Promise<{ sale: ConversionRow; campaign: CampaignRow }[]> {
  const matches = or(
    ref.customerId !== undefined ? eq(conversions.customerId, ref.customerId) : undefined,
    ref.subscriptionId !== undefined ? eq(conversions.subscriptionId, ref.subscriptionId) : undefined,
  );
  const rows = await db
    .selectDistinctOn([conversions.campaignId], { sale: conversions, campaign: campaigns })
    .from(conversions)
    .innerJoin(campaigns, eq(campaigns.id, conversions.campaignId))
    .where(and(eq(conversions.event, 'sale'), matches, scopeCondition(scope)))
    .orderBy(conversions.campaignId, asc(conversions.createdAt))
    .limit(3);
  return rows.sort((a, b) => a.sale.createdAt.getTime() - b.sale.createdAt.getTime());
}
