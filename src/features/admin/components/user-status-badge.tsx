import { Badge } from '@mantine/core';
import { STATUS_COLORS, STATUS_LABELS, type UserStatus } from '../types';

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
