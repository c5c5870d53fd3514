import type { AppContext } from '../../context';
import type { CurrencyCode } from '../../platform/currency-codes';
import { formatMinor } from '../../platform/money';
import type { PayoutView } from './queries';
import { activeAdminIds } from './queries';

const amountOf = (v: PayoutView) => formatMinor(v.payout.amountMinor, v.payout.currency as CurrencyCode);
const plural = (n: number) => `${n} ${n === 1 ? 'commission' : 'commissions'}`;
const METHOD: Record<string, string> = { bank_transfer: 'bank transfer', paypal: 'PayPal' };

/** A payout's money moved into or out of a balance: both sides' dashboards are out of date. */
export function statsChanged(ctx: AppContext, publisherId: string, advertiserIds: string[]): void {
  for (const advertiserId of advertiserIds) ctx.events.emit('stats.changed', { advertiserId, publisherId });
}

/** Every active admin learns of a new request: it waits in their queue. */
export async function notifyAdminsOfRequest(ctx: AppContext, v: PayoutView): Promise<void> {
  const method = METHOD[String(v.payout.method.payout_method)] ?? 'the publisher’s payout method';
  await ctx.notifier.notifyEach(await activeAdminIds(ctx.db), {
    category: 'payout',
    priority: 'normal',
    requiresAction: true,
    title: `Payout requested by ${v.publisherName}: ${amountOf(v)}`,
    body: `${plural(v.payout.commissionCount)}, to be paid by ${method}.`,
    link: '/admin-payouts',
    data: { type: 'payout', id: v.payout.id },
  });
}

export type PayoutDecision = 'approved' | 'paid' | 'failed';

/** The publisher hears of every step of their payout (in-app and push, through the Notifier). */
export async function notifyPublisher(
  ctx: AppContext,
  v: PayoutView,
  decision: PayoutDecision,
): Promise<void> {
  const p = v.payout;
  const events = {
    approved: {
      title: `Payout approved: ${amountOf(v)}`,
      body: 'The transfer is being processed.',
      priority: 'normal' as const,
    },
    paid: {
      title: `Payout paid: ${amountOf(v)}`,
      body: `Transfer reference: ${p.reference ?? '—'}.`,
      priority: 'normal' as const,
    },
    failed: {
      title: `Payout failed: ${amountOf(v)}`,
      body: `Reason: ${p.failureReason ?? '—'}. The amount is back in your balance; you can request it again.`,
      priority: 'high' as const,
    },
  }[decision];
  // notifyEach logs a failed insert instead of failing the decision that already committed
  await ctx.notifier.notifyEach([p.publisherId], {
    category: 'payout',
    ...events,
    isImportant: decision === 'failed',
    link: '/commissions',
    data: { type: 'payout', id: p.id, status: p.status },
  });
}
