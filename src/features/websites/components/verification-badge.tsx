import { StatusBadge } from '../../../components/status-badge';
import type { Website } from '../types';

const COLORS: Record<Website['verification_status'], string> = {
  unverified: 'gray',
  pending: 'yellow',
  verified: 'green',
  failed: 'red',
};

export function VerificationBadge({ status }: { status: Website['verification_status'] }) {
  return <StatusBadge color={COLORS[status]} kind="website" status={status} />;
}
