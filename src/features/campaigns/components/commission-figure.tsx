import { Money } from '../../../components/money';
import { formatBps } from '../../../lib/money-input';
import { useTranslation } from '../../../lib/i18n';
import type { CommissionTerms } from '../utils/format-commission';

/** A campaign's payout as shown in tables and details: "€12.34 per sale" in the display currency. */
export function CommissionFigure({ campaign }: { campaign: CommissionTerms }) {
  const { t } = useTranslation('campaigns');
  const per = t(`per.${campaign.commission_model}`);
  if (campaign.commission_model === 'revshare') {
    const share = formatBps(campaign.revshare_bps);
    return share ? `${share} ${per}` : null;
  }
  if (campaign.payout_minor === null) return null;
  return (
    <>
      <Money amountMinor={campaign.payout_minor} currency={campaign.currency} /> {per}
    </>
  );
}
