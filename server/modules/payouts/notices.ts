import type { AppContext } from '../../context';
import type { CurrencyCode } from '../../platform/currency-codes';
import { msg } from '../../platform/i18n';
import { formatMinor } from '../../platform/money';
import type { PayoutView } from './queries';
import { activeAdminIds } from './queries';

const amountOf = (v: PayoutView) => formatMinor(v.payout.amountMinor, v.payout.currency as CurrencyCode);
const METHODS = new Set(['bank_transfer', 'paypal']);

/** A payout's money moved into or out of a balance: both sides' dashboards are out of date. */
export function statsChanged(ctx: AppContext, publisherId: string, advertiserIds: string[]): void {
  for (const advertiserId of advertiserIds) ctx.events.emit('stats.changed', { advertiserId, publisherId });
}

/** Every active admin learns of a new request: it waits in their queue. */
export async function notifyAdminsOfRequest(ctx: AppContext, v: PayoutView): Promise<void> {
  const kind = String(v.payout.method.payout_method);
  const method = METHODS.has(kind)
    ? msg(`notifications:payout.method.${kind}`)
    : msg('notifications:payout.method.other');
  await ctx.notifier.notifyEach(await activeAdminIds(ctx.db), {
    category: 'payout',
    priority: 'normal',
    requiresAction: true,
    title: msg('notifications:payout.requested.title', { publisher: v.publisherName, amount: amountOf(v) }),
    body: msg('notifications:payout.requested.body', { count: v.payout.commissionCount, method }),
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
  const texts = { amount: amountOf(v), reference: p.reference ?? '—', reason: p.failureReason ?? '—' };
  const events = {
    approved: {
      title: msg('notifications:payout.approved.title', texts),
      body: msg('notifications:payout.approved.body'),
      priority: 'normal' as const,
    },
    paid: {
      title: msg('notifications:payout.paid.title', texts),
      body: msg('notifications:payout.paid.body', texts),
      priority: 'normal' as const,
    },
    failed: {
      title: msg('notifications:payout.failed.title', texts),
      body: msg('notifications:payout.failed.body', texts),
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
