import { formatMoney } from '../../../lib/format';
import type { Campaign } from '../types';
import { formatBps } from '../../../lib/money-input';

const PER: Record<Campaign['commission_model'], string> = {
  cpa: 'per sale',
  cpc: 'per click',
  cpl: 'per lead',
  revshare: 'of each order',
};

/** "€12.34 per sale", "12.5 % of each order". */
export function formatCommission(
  campaign: Pick<Campaign, 'commission_model' | 'payout_minor' | 'revshare_bps' | 'currency'>,
) {
  const amount =
    campaign.commission_model === 'revshare'
      ? formatBps(campaign.revshare_bps)
      : formatMoney(campaign.payout_minor, campaign.currency);
  return amount ? `${amount} ${PER[campaign.commission_model]}` : '';
}

/** ISO timestamp → its calendar date (UTC), for display and for date inputs. */
export const isoToDateInput = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
