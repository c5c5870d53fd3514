import { Badge } from '@mantine/core';
import { useUnread } from '../api/get-unread';

/** The number of unread messages, for the "Messages" navigation entry; nothing when all are read. */
export function MessagesUnreadBadge() {
  const { data } = useUnread();
  const n = data?.unread_count ?? 0;
  if (n === 0) return null;
  return (
    <Badge size="sm" color="red" circle={n < 10} aria-label={`${n} unread message${n === 1 ? '' : 's'}`}>
      {n > 99 ? '99+' : n}
    </Badge>
  );
}
