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
  return {
    userId: commission.publisherId,
    event: {
      category: 'conversion',
      title: pending ? `New conversion: ${money} pending` : `Conversion not paid`,
      body: pending
        ? `${campaign.name} recorded a conversion; the commission is pending approval.`
        : `${campaign.name}: ${commission.reason ?? 'the commission was rejected'}.`,
      link: '/commissions',
      data: { type: 'commission', id: commission.id },
    },
  };
}
