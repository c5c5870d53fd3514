import { StatusBadge } from '../../../components/status-badge';
import { PAYOUT_STATUS_COLORS, PAYOUT_STATUS_LABELS, type PayoutStatus } from '../types';

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return <StatusBadge color={PAYOUT_STATUS_COLORS[status]}>{PAYOUT_STATUS_LABELS[status]}</StatusBadge>;
}
