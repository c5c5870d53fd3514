import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { useId, useState } from 'react';
import { useNotificationStats } from '../api/get-notification-stats';
import { useNotificationLiveUpdates } from '../hooks/use-notification-live-updates';
import { BellIcon } from '../../../components/icons';
import { NotificationPanel } from './notification-panel';

/** The header's bell: unread badge, and a toggle for the notification panel. */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const { data } = useNotificationStats();
  useNotificationLiveUpdates();
  const unread = data?.unread_notifications ?? 0;

  return (
    <Indicator
      label={unread}
      maxValue={99}
      size={16}
      offset={4}
      color="red"
      disabled={unread === 0}
      zIndex={2}
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={400}
        shadow="md"
        trapFocus
        withinPortal
      >
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
            onClick={() => setOpened((open) => !open)}
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown
          aria-labelledby={titleId}
          maw="calc(100vw - 16px)"
          mah="80vh"
          style={{ overflowY: 'auto' }}
        >
          <NotificationPanel titleId={titleId} unreadCount={unread} onNavigate={() => setOpened(false)} />
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
