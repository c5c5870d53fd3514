import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import type { CommissionRow } from '../../db/rows';
import { commissions } from '../../db/schema/commissions';
import { referrals } from '../../db/schema/referrals';
import { audit } from '../../platform/audit';
import { getSettings } from '../../platform/settings';
import { recordCommissionChanges, recordCommissionsCreated } from '../ledger/service';
import { insertClawback, transition } from './queries';

/**
 * The referrer's share of a commission, in the commission's minor units: `floor(amount × bps / 10000)`,
 * computed in BigInt so that no amount loses a unit to floating point. A share that rounds to 0 pays nothing.
 */
export function referralShareMinor(amountMinor: number, shareBps: number): number {
  if (amountMinor <= 0 || shareBps <= 0) return 0;
  return Number((BigInt(amountMinor) * BigInt(shareBps)) / 10_000n);
}

/** The referred publisher's join plus `months` calendar months (UTC): their commissions before it earn a share. */
export function referralEnds(joinedAt: Date, months: number): Date {
  const end = new Date(joinedAt.getTime());
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

/**
 * Two-tier: for each newly approved commission of a referred publisher (a sale, lead or click; never a
 * referral commission itself, so one level only), created within `referral_months` of their join, stores the
 * referrer's share as a `referral` commission: pending, with the same hold, approval, payout and invoice as
 * any other (it is billed to the same advertiser, on the same campaign). Inside the approving transaction;
 * once per underlying commission (unique `referral_of`). Nothing while the programme is off (share 0).
 */
export async function createReferralCommissions(
  tx: Db,
  approved: CommissionRow[],
  now: Date,
): Promise<CommissionRow[]> {
  const eligible = approved.filter(
    (c) => (c.kind === 'conversion' || c.kind === 'click') && !c.isTest && c.amountMinor > 0,
  );
  if (eligible.length === 0) return [];
  const settings = await getSettings(tx);
  if (settings.referralShareBps === 0) return [];
  const found = await tx
    .select()
    .from(referrals)
    .where(inArray(referrals.referredId, [...new Set(eligible.map((c) => c.publisherId))]));
  const referrerOf = new Map(found.map((r) => [r.referredId, r]));
  const values: (typeof commissions.$inferInsert)[] = [];
  for (const c of eligible) {
    const ref = referrerOf.get(c.publisherId);
    if (!ref || ref.referrerId === c.publisherId) continue;
    if (c.createdAt >= referralEnds(ref.createdAt, settings.referralMonths)) continue;
    const amountMinor = referralShareMinor(c.amountMinor, settings.referralShareBps);
    if (amountMinor === 0) continue;
    values.push({
      kind: 'referral',
      status: 'pending',
      amountMinor,
      currency: c.currency,
      campaignId: c.campaignId,
      advertiserId: c.advertiserId,
      publisherId: ref.referrerId,
      referralOf: c.id,
      rule: `referral:${settings.referralShareBps}`,
      isTest: false,
      createdAt: now,
      updatedAt: now,
    });
  }
  if (values.length === 0) return [];
  const rows = await tx
    .insert(commissions)
    .values(values)
    .onConflictDoNothing({ target: commissions.referralOf })
    .returning();
  await recordCommissionsCreated(tx, rows);
  for (const row of rows) {
    await audit(tx, {
      actorId: null,
      action: 'commission.referral_created',
      entityType: 'commission',
      entityId: row.id,
      after: {
        referral_of: row.referralOf,
        amount_minor: row.amountMinor,
        currency: row.currency,
        share_bps: settings.referralShareBps,
      },
    });
  }
  return rows;
}

/**
 * The referral commission follows its underlying one when that is reversed (refund, chargeback): pending it is
 * rejected, approved and unpaid it is reversed, paid (or held by an open payout) it gets a clawback taken
 * from the referrer's next payout. Inside the transaction that reverses the underlying commission; answers
 * the referral rows it changed or created, for the referrer's notification.
 */
export async function reverseReferralOf(
  tx: Db,
  underlying: CommissionRow,
  reason: string,
  actorId: string | null,
): Promise<CommissionRow[]> {
  const [referral] = await tx
    .select()
    .from(commissions)
    .where(and(eq(commissions.referralOf, underlying.id), eq(commissions.kind, 'referral')));
  if (!referral) return [];
  const why = `The referred publisher’s commission was reversed: ${reason}`;
  const decided = { reason: why, decidedBy: actorId, decidedAt: new Date() };
  let changed: CommissionRow[] = [];
  if (referral.status === 'pending') {
    changed = await transition(tx, [referral.id], 'pending', { status: 'rejected', ...decided });
    await recordCommissionChanges(tx, 'commission.rejected', changed);
  } else if (referral.status === 'approved' && referral.payoutId === null) {
    changed = await transition(tx, [referral.id], 'approved', { status: 'reversed', ...decided });
    await recordCommissionChanges(tx, 'commission.reversed', changed);
  } else if (referral.status === 'paid' || referral.status === 'approved') {
    const clawback = await insertClawback(tx, referral, why, actorId);
    changed = clawback ? [clawback] : [];
    await recordCommissionsCreated(tx, changed);
  }
  for (const row of changed) {
    await audit(tx, {
      actorId,
      action: row.kind === 'clawback' ? 'commission.clawback' : `commission.${row.status}`,
      entityType: 'commission',
      entityId: row.id,
      before: { status: referral.status, referral_of: underlying.id },
      after: { status: row.status, amount_minor: row.amountMinor, reason: why },
    });
  }
  return changed;
}
