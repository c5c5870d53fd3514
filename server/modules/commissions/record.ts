import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { campaigns, commissions } from '../../db/schema';
import { audit } from '../admin/audit';
import type { CampaignRow } from '../campaigns/queries';
import type { CommissionRow } from './queries';
import { priceCommission, type PricedEvent } from './math';

/** Statuses that spend a campaign's money (budget, daily cap) and count towards tiers. */
const SPENDING = ['pending', 'approved', 'paid'] as const;

export interface CommissionSubject {
  /** the campaign row, read inside the transaction after `lockCampaign` */
  campaign: CampaignRow;
  publisherId: string;
  websiteId: string;
  event: PricedEvent;
  /** order amount in the campaign currency (revshare) */
  amountMinor: number;
  conversionId?: string;
  clickId?: string;
  isTest: boolean;
  now: Date;
}

export interface RecordedCommission {
  /** null when the model does not pay for this event (a conversion on a CPC campaign) */
  commission: CommissionRow | null;
  /** the campaign reached its budget with this commission and was paused */
  budgetReached: boolean;
}

/** Locks the campaign row for the rest of the transaction: budget, cap and tier counts stay exact. */
export async function lockCampaign(tx: Db, campaignId: string): Promise<CampaignRow | null> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
  return row ?? null;
}

const startOfUtcMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/**
 * Prices and stores the commission for one paid event, inside the caller's transaction (which holds
 * the campaign lock). A commission past the daily cap is stored as `rejected` with the reason, so the
 * publisher sees why it was not paid; reaching the budget pauses the campaign (audit-logged).
 * Test events are priced the same way but never count towards tiers, caps or budgets.
 */
export async function recordCommission(tx: Db, subject: CommissionSubject): Promise<RecordedCommission> {
  const { campaign, now } = subject;
  // the month's count only matters to tiers; without tiers it is not worth a query per conversion
  const earlierThisMonth =
    subject.isTest || campaign.tiers.length === 0
      ? 0
      : await countPaidEvents(tx, subject, startOfUtcMonth(now));
  const pricing = priceCommission(campaign, {
    publisherId: subject.publisherId,
    event: subject.event,
    amountMinor: subject.amountMinor,
    earlierThisMonth,
  });
  if (!pricing.paid) return { commission: null, budgetReached: false };

  let status: CommissionRow['status'] = 'pending';
  let reason: string | null = null;
  if (!subject.isTest && campaign.dailyCapMinor !== null) {
    const today = await spentSince(tx, campaign.id, startOfUtcDay(now));
    if (today >= campaign.dailyCapMinor) {
      status = 'rejected';
      reason = 'The campaign’s daily cap was reached';
    }
  }
  const [commission] = await tx
    .insert(commissions)
    .values({
      kind: subject.event === 'click' ? 'click' : 'conversion',
      status,
      reason,
      amountMinor: pricing.amountMinor,
      currency: campaign.currency,
      campaignId: campaign.id,
      advertiserId: campaign.advertiserId,
      publisherId: subject.publisherId,
      websiteId: subject.websiteId,
      conversionId: subject.conversionId ?? null,
      clickId: subject.clickId ?? null,
      rule: pricing.rule,
      isTest: subject.isTest,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!commission) throw new Error('commission insert returned nothing');

  let budgetReached = false;
  if (
    !subject.isTest &&
    status === 'pending' &&
    campaign.budgetMinor !== null &&
    campaign.status === 'active'
  ) {
    const total = await spentSince(tx, campaign.id, null);
    if (total >= campaign.budgetMinor) {
      await tx
        .update(campaigns)
        .set({ status: 'paused', updatedAt: now })
        .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'active')));
      campaign.status = 'paused';
      await audit(tx, {
        actorId: null,
        action: 'campaign.budget_reached',
        entityType: 'campaign',
        entityId: campaign.id,
        before: { status: 'active' },
        after: { status: 'paused', spent_minor: total, budget_minor: campaign.budgetMinor },
      });
      budgetReached = true;
    }
  }
  return { commission, budgetReached };
}

async function countPaidEvents(tx: Db, subject: CommissionSubject, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(commissions)
    .where(
      and(
        eq(commissions.campaignId, subject.campaign.id),
        eq(commissions.publisherId, subject.publisherId),
        inArray(commissions.kind, ['conversion', 'click']),
        inArray(commissions.status, [...SPENDING]),
        eq(commissions.isTest, false),
        gte(commissions.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

async function spentSince(tx: Db, campaignId: string, since: Date | null): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${commissions.amountMinor}), 0)::text` })
    .from(commissions)
    .where(
      and(
        eq(commissions.campaignId, campaignId),
        inArray(commissions.status, [...SPENDING]),
        eq(commissions.isTest, false),
        since ? gte(commissions.createdAt, since) : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}
