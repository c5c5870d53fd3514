import type { AppContext } from '../../context';
import { HttpError, conflict, forbidden, notFound } from '../../platform/http-error';
import { audit } from '../../platform/audit';
import { recordIntegrationEvent } from '../../platform/outbox';
import { recordPayoutChange } from '../ledger/service';
import type { UserRow } from '../../platform/current-user';
import { notifyPublisher, statsChanged, type PayoutDecision } from './notices';
import * as q from './queries';
import type { BulkResult, Payout, PayoutStatus } from './schema';
import { toPayoutResponse } from './service';

/**
 * The admin's steps: approve (requested → processing), paid with the transfer's reference (processing →
 * paid; its commissions become paid) and failed with a reason (requested | processing → failed; its
 * commissions go back to the balance). Anything else is refused with 409 and the current state.
 */
const RULES = {
  approved: { from: ['requested'], to: 'processing', verb: 'approved' },
  paid: { from: ['processing'], to: 'paid', verb: 'marked paid' },
  failed: { from: ['requested', 'processing'], to: 'failed', verb: 'marked failed' },
} as const satisfies Record<
  PayoutDecision,
  { from: readonly PayoutStatus[]; to: PayoutStatus; verb: string }
>;

export type DecisionInput =
  { decision: 'approved' } | { decision: 'paid'; reference: string } | { decision: 'failed'; reason: string };

function patchFor(input: DecisionInput, actorId: string, now: Date) {
  switch (input.decision) {
    case 'approved':
      return { status: 'processing' as const, approvedAt: now, decidedBy: actorId };
    case 'paid':
      return { status: 'paid' as const, paidAt: now, reference: input.reference, decidedBy: actorId };
    case 'failed':
      return { status: 'failed' as const, failedAt: now, failureReason: input.reason, decidedBy: actorId };
  }
}

function refusal(current: PayoutStatus, input: DecisionInput): HttpError {
  const rule = RULES[input.decision];
  return conflict(`The payout is ${current}; only a ${rule.from.join(' or ')} payout can be ${rule.verb}`);
}

/** One decision on one payout, in one transaction with its commissions and its audit entry. */
export async function decidePayout(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: DecisionInput,
): Promise<Payout> {
  if (user.role !== 'admin') throw forbidden('Admin access required');
  const rule = RULES[input.decision];
  const changed = await ctx.db.transaction(async (tx) => {
    // locked first, so the refusal names the state it really is in and the audit its state before
    const current = await q.lockPayout(tx, id);
    if (!current) throw notFound('Payout not found');
    if (!(rule.from as readonly PayoutStatus[]).includes(current.status))
      throw refusal(current.status, input);
    const row = await q.transition(tx, id, rule.from, patchFor(input, user.id, new Date()));
    if (!row) throw refusal(current.status, input);
    const advertisers =
      input.decision === 'paid'
        ? await q.markCommissionsPaid(tx, id)
        : input.decision === 'failed'
          ? await q.releaseCommissions(tx, id)
          : [];
    if (input.decision !== 'approved') await recordPayoutChange(tx, `payout.${input.decision}`, row);
    await audit(tx, {
      actorId: user.id,
      action: `payout.${input.decision}`,
      entityType: 'payout',
      entityId: id,
      before: { status: current.status },
      after: {
        status: row.status,
        amount_minor: row.amountMinor,
        currency: row.currency,
        commission_count: row.commissionCount,
        ...(input.decision === 'paid' ? { reference: input.reference } : {}),
        ...(input.decision === 'failed' ? { reason: input.reason } : {}),
      },
    });
    // read in the transaction: the answer shows this decision, not one that came after it
    const [view] = await q.findPayoutViews(tx, [id]);
    if (!view) throw new Error(`payout ${id} vanished`);
    if (input.decision !== 'approved') {
      // only admins' webhooks receive payouts (they are the publishers' business)
      await recordIntegrationEvent(tx, {
        type: input.decision === 'paid' ? 'payout.paid' : 'payout.failed',
        data: toPayoutResponse(view),
        audience: [],
      });
    }
    return { view, advertisers };
  });
  const { view } = changed;
  statsChanged(ctx, view.payout.publisherId, changed.advertisers);
  await notifyPublisher(ctx, view, input.decision);
  return toPayoutResponse(view);
}

/** Many decisions, each on its own (own transaction, own notification); answers which changed and which not. */
export async function decideMany(
  ctx: AppContext,
  user: UserRow,
  items: { id: string; input: DecisionInput }[],
): Promise<BulkResult> {
  if (user.role !== 'admin') throw forbidden('Admin access required');
  const result: BulkResult = { updated: [], failed: [] };
  const seen = new Set<string>();
  for (const { id, input } of items) {
    if (seen.has(id)) {
      result.failed.push({ id, detail: 'The payout is listed more than once' });
      continue;
    }
    seen.add(id);
    try {
      result.updated.push(await decidePayout(ctx, user, id, input));
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      result.failed.push({ id, detail: err.detail });
    }
  }
  return result;
}
