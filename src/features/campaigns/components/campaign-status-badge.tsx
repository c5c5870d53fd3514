import { Badge } from '@mantine/core';
import { STATUS_COLORS, STATUS_LABELS, type CampaignStatus } from '../types';

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
