import { Badge } from '@mantine/core';
import { APPLICATION_STATUS_COLORS, statusLabel, type ApplicationStatus } from '../types';

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <Badge variant="light" color={APPLICATION_STATUS_COLORS[status]}>
      {statusLabel(status)}
    </Badge>
  );
}
