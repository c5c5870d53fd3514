import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../lib/i18n';
import { STATUS_COLORS, type UserStatus } from '../types';

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation('common');
  return <StatusBadge color={STATUS_COLORS[status]}>{t(`status.user.${status}`)}</StatusBadge>;
}
