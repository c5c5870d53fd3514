import { Badge } from '@mantine/core';
import { useUnread } from '../api/get-unread';
import { useTranslation } from '../../../lib/i18n';

/** The number of unread messages, for the "Messages" navigation entry; nothing when all are read. */
export function MessagesUnreadBadge() {
  const { t } = useTranslation('messaging');
  const { data } = useUnread();
  const n = data?.unread_count ?? 0;
  if (n === 0) return null;
  return (
    <Badge size="sm" color="red" circle={n < 10} aria-label={t('unreadMessages', { count: n })}>
      {n > 99 ? '99+' : n}
    </Badge>
  );
}
