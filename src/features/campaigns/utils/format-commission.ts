import { translate } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/format';
import type { Campaign } from '../types';
import { formatBps } from '../../../lib/money-input';

/** "per sale", "of each order": what the payout is paid for, in the UI language. */
export const commissionPer = (model: Campaign['commission_model']) => translate('campaigns', `per.${model}`);

export type CommissionTerms = Pick<
  Campaign,
  'commission_model' | 'payout_minor' | 'revshare_bps' | 'currency'
>;

/**
 * "€12.34 per sale", "12.5 % of each order", as plain text. `money` formats the payout: pass
 * useFormatMoney() so it follows the display currency; elements use <CommissionFigure> instead.
 */
export function formatCommission(
  campaign: CommissionTerms,
  money: (amountMinor: number | null, currency: string) => string = formatMoney,
) {
  const amount =
    campaign.commission_model === 'revshare'
      ? formatBps(campaign.revshare_bps)
      : money(campaign.payout_minor, campaign.currency);
  return amount ? `${amount} ${commissionPer(campaign.commission_model)}` : '';
}

/** ISO timestamp → its calendar date (UTC), for display and for date inputs. */
export const isoToDateInput = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
