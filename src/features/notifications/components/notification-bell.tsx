import { ActionIcon, Center, Indicator, Loader, Popover } from '@mantine/core';
import { Suspense, useId } from 'react';
import { useNotificationStats } from '../api/get-notification-stats';
import { useNotificationLiveUpdates } from '../hooks/use-notification-live-updates';
import { BellIcon } from '../../../components/icons';
import { lazyWithMoreStyles } from '../../../lib/load-more-styles';
import { useMenuOnIntent } from '../../../lib/use-menu-on-intent';
import { useTranslation } from '../../../lib/i18n';

// The list and its actions (their write code and input schemas) load when the bell first opens.
const NotificationPanel = lazyWithMoreStyles(() => import('./notification-panel'), 'NotificationPanel');

/** The header's bell: unread badge, and a toggle for the notification panel. */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const { mounted, opened, setOpened, target, intentProps } = useMenuOnIntent<HTMLButtonElement>('dialog');
  const titleId = useId();
  const { data } = useNotificationStats();
  useNotificationLiveUpdates();
  const unread = data?.unread_notifications ?? 0;

  const bell = (
    <ActionIcon
      ref={target}
      {...intentProps}
      variant="default"
      size="lg"
      aria-label={unread > 0 ? t('bell.unread', { count: unread }) : t('title')}
      onClick={mounted ? () => setOpened((open) => !open) : intentProps.onClick}
    >
      <BellIcon />
    </ActionIcon>
  );

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
      {/* The panel's popover mounts when the user first acts on the bell (src/lib/use-menu-on-intent.ts). */}
      {!mounted ? (
        bell
      ) : (
        <Popover
          opened={opened}
          onChange={setOpened}
          position="bottom-end"
          width={400}
          shadow="md"
          trapFocus
          withinPortal
        >
          <Popover.Target>{bell}</Popover.Target>
          <Popover.Dropdown
            aria-labelledby={titleId}
            maw="calc(100vw - 16px)"
            mah="80vh"
            style={{ overflowY: 'auto' }}
          >
            <Suspense
              fallback={
                <Center p="md">
                  <Loader size="sm" aria-label={t('loading')} />
                </Center>
              }
            >
              <NotificationPanel titleId={titleId} unreadCount={unread} onNavigate={() => setOpened(false)} />
            </Suspense>
          </Popover.Dropdown>
        </Popover>
      )}
    </Indicator>
  );
}
