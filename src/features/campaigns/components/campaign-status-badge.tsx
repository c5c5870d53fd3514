import { StatusBadge } from '../../../components/status-badge';
import { STATUS_COLORS, STATUS_LABELS, type CampaignStatus } from '../types';

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <StatusBadge color={STATUS_COLORS[status]}>{STATUS_LABELS[status]}</StatusBadge>;
}
