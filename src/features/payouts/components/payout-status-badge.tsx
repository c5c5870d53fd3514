import { Badge } from '@mantine/core';
import { PAYOUT_STATUS_COLORS, PAYOUT_STATUS_LABELS, type PayoutStatus } from '../types';

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return (
    <Badge variant="light" color={PAYOUT_STATUS_COLORS[status]}>
      {PAYOUT_STATUS_LABELS[status]}
    </Badge>
  );
}
