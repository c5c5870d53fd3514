import { StatusBadge } from '../../../components/status-badge';
import { APPLICATION_STATUS_COLORS, type ApplicationStatus } from '../types';

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return <StatusBadge color={APPLICATION_STATUS_COLORS[status]} kind="application" status={status} />;
}
