import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../lib/i18n';
import { STATUS_COLORS } from '../types';
import type { CampaignStatus } from '../../../../contracts/campaigns';

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('campaigns');
  return <StatusBadge color={STATUS_COLORS[status]}>{t(`status.${status}`)}</StatusBadge>;
}
