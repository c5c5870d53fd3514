import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { together } from '../../db/together';
import { jsonRows } from '../../db/json-rows';
import { commissions } from '../../db/schema/commissions';
import { campaigns } from '../../db/schema/marketplace';
import { audit } from '../../platform/audit';
import { recordCommissionsCreated } from '../ledger/service';
import type { CampaignRow, CommissionRow } from '../../db/rows';
import type { PricedEvent } from '../../platform/commission-math';
import { SpendLedger, needsCampaignLock, type PlannedCommission } from './spend';
import { noticeCappedPublishers } from './publisher-caps';

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

/**
 * Reads the campaign row for the rest of the transaction, locked when its budget, daily cap or tiers make the
 * commission depend on the ones before it (see `needsCampaignLock`). The lock is FOR NO KEY UPDATE: it
 * orders recorders and edits of the campaign, but not the inserts that merely reference the campaign.
 */
export async function lockCampaign(tx: Db, campaignId: string): Promise<CampaignRow | null> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!row || !needsCampaignLock(row)) return row ?? null;
  return (await lockCampaigns(tx, [campaignId]))[0] ?? null;
}

/** Locks campaign rows (in id order, so two transactions never wait on each other) and reads them again. */
export async function lockCampaigns(tx: Db, campaignIds: string[]): Promise<CampaignRow[]> {
  if (campaignIds.length === 0) return [];
  return tx
    .select()
    .from(campaigns)
    .where(inArray(campaigns.id, [...new Set(campaignIds)].sort()))
    .orderBy(campaigns.id)
    .for('no key update');
}

/** A commission to insert: the subject's links and what `SpendLedger.plan` decided. */
export function commissionValues(
  subject: CommissionSubject,
  planned: Extract<PlannedCommission, { paid: true }>,
): typeof commissions.$inferInsert {
  const { campaign, now } = subject;
  return {
    kind: subject.event === 'click' ? 'click' : 'conversion',
    status: planned.status,
    reason: planned.reason,
    amountMinor: planned.amountMinor,
    currency: campaign.currency,
    campaignId: campaign.id,
    advertiserId: campaign.advertiserId,
    publisherId: subject.publisherId,
    websiteId: subject.websiteId,
    conversionId: subject.conversionId ?? null,
    clickId: subject.clickId ?? null,
    rule: planned.rule,
    isTest: subject.isTest,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * One multi-row INSERT (the rollup and spend triggers run once for all of them), answered in the given order,
 * with the publishers' ledger entries. `alongside` is the caller's own further work on the stored rows
 * (notifications, outbox events), run beside the ledger's statements (`together`) rather than after them.
 */
export async function insertCommissions(
  tx: Db,
  values: (typeof commissions.$inferInsert)[],
  alongside?: (rows: CommissionRow[]) => Promise<void>,
): Promise<CommissionRow[]> {
  if (values.length === 0) {
    await alongside?.([]);
    return [];
  }
  const rows = await tx.insert(commissions).select(jsonRows(commissions, values)).returning();
  // each commission belongs to one conversion or one click (both unique): that matches rows to values
  const link = (r: { conversionId?: string | null; clickId?: string | null }) =>
    r.conversionId ?? r.clickId ?? '';
  await noticeCappedPublishers(tx, rows);
  const byLink = new Map(rows.map((r) => [link(r), r]));
  const inOrder = values.map((v, i) => {
    const row = link(v) === '' ? rows[i] : byLink.get(link(v));
    if (!row) throw new Error('commission insert returned fewer rows');
    return row;
  });
  // the publishers' ledgers, in the same transaction: one append for the whole batch
  await together(
    tx,
    () => recordCommissionsCreated(tx, inOrder),
    () => alongside?.(inOrder) ?? Promise.resolve(),
  );
  return inOrder;
}

/**
 * Pauses a campaign whose budget is used up (audit-logged), inside the transaction that used it up; the
 * caller tells the advertiser after the commit.
 */
export async function pauseForBudget(
  tx: Db,
  campaign: CampaignRow,
  spentMinor: number,
  now: Date,
): Promise<void> {
  if (campaign.status !== 'active') return;
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
    after: { status: 'paused', spent_minor: spentMinor, budget_minor: campaign.budgetMinor },
  });
}

/**
 * Prices and stores the commission for one paid event, inside the caller's transaction (which read the
 * campaign with `lockCampaign`). A commission past the daily cap, or one the rest of the budget cannot pay,
 * is stored as `rejected` with the reason, so the publisher sees why it was not paid; using up the budget
 * pauses the campaign (audit-logged). Test events are priced the same way but never count towards tiers,
 * caps or budgets. Conversions are recorded in batches by tracking/conversion-batch.ts, with the same ledger.
 */
export async function recordCommission(tx: Db, subject: CommissionSubject): Promise<RecordedCommission> {
  const ledger = await SpendLedger.load(tx, [subject]);
  const planned = ledger.plan(subject);
  if (!planned.paid) return { commission: null, budgetReached: false };
  const [commission] = await insertCommissions(tx, [commissionValues(subject, planned)]);
  if (!commission) throw new Error('commission insert returned nothing');
  if (planned.budgetReached && subject.campaign.status === 'active') {
    await pauseForBudget(tx, subject.campaign, ledger.spentBy(subject.campaign.id), subject.now);
    return { commission, budgetReached: true };
  }
  return { commission, budgetReached: false };
}
