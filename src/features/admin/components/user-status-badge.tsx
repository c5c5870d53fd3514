import { StatusBadge } from '../../../components/status-badge';
import { STATUS_COLORS, STATUS_LABELS, type UserStatus } from '../types';

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <StatusBadge color={STATUS_COLORS[status]}>{STATUS_LABELS[status]}</StatusBadge>;
}
