import { StatusBadge } from '../../../components/status-badge';
import { STATUS_COLORS, STATUS_LABELS } from '../types';
import type { CampaignStatus } from '../../../../contracts/campaigns';

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <StatusBadge color={STATUS_COLORS[status]}>{STATUS_LABELS[status]}</StatusBadge>;
}
