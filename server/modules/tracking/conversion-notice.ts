import { systemReason } from '../../../contracts/commissions';
import { msg } from '../../platform/i18n';
import { formatMinor } from '../../platform/money';
import type { CurrencyCode } from '../../platform/currency-codes';
import type { CampaignRow, CommissionRow } from '../../db/rows';
import type { NotificationFor } from '../../platform/notifier';

/**
 * What the publisher is told about a new conversion's commission: pending with its amount, or not paid with
 * the reason (past the daily cap, the budget). Stored in the transaction that records the conversion.
 */
export function conversionNotice(campaign: CampaignRow, commission: CommissionRow): NotificationFor {
  const money = formatMinor(commission.amountMinor, campaign.currency as CurrencyCode);
  const pending = commission.status === 'pending';
  // the platform's own reasons are worded in the reader's language; a person's stay as written
  const why = systemReason(commission.reason);
  return {
    userId: commission.publisherId,
    event: {
      category: 'conversion',
      title: pending
        ? msg('notifications:conversion.pending.title', { amount: money })
        : msg('notifications:conversion.unpaid.title'),
      body: pending
        ? msg('notifications:conversion.pending.body', { campaign: campaign.name })
        : why
          ? msg('notifications:conversion.unpaid.bodySystem', { campaign: campaign.name, why })
          : commission.reason
            ? msg('notifications:conversion.unpaid.body', {
                campaign: campaign.name,
                reason: commission.reason,
              })
            : msg('notifications:conversion.unpaid.bodyRejected', { campaign: campaign.name }),
      link: '/commissions',
      data: { type: 'commission', id: commission.id },
    },
  };
}
