import { StatusBadge } from '../../../components/status-badge';
import type { Website } from '../types';

const LOOK: Record<Website['verification_status'], { color: string; label: string }> = {
  unverified: { color: 'gray', label: 'Unverified' },
  pending: { color: 'yellow', label: 'Pending' },
  verified: { color: 'green', label: 'Verified' },
  failed: { color: 'red', label: 'Verification failed' },
};

export function VerificationBadge({ status }: { status: Website['verification_status'] }) {
  const { color, label } = LOOK[status];
  return <StatusBadge color={color}>{label}</StatusBadge>;
}
