import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../lib/i18n';
import { PAYOUT_STATUS_COLORS, type PayoutStatus } from '../types';

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const { t } = useTranslation('payouts');
  return <StatusBadge color={PAYOUT_STATUS_COLORS[status]}>{t(`status.${status}`)}</StatusBadge>;
}
