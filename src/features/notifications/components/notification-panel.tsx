import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useArchiveNotification } from '../api/archive-notification';
import { useDeleteNotification } from '../api/delete-notification';
import { useDismissProfileCompletion } from '../api/dismiss-profile-completion';
import { useEnhancedStats } from '../api/get-enhanced-stats';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import {
  DEFAULT_NOTIFICATION_FILTERS,
  NOTIFICATION_FETCH_LIMIT,
  type Notification,
  type NotificationFilters,
} from '../types';
import { NotificationFiltersBar } from './notification-filters';
import { NotificationItem, type NotificationItemActions } from './notification-item';
import { translate, useTranslation } from '../../../lib/i18n';

function toastFailure(fallback: string) {
  return (error: unknown) =>
    showToast({
      color: 'red',
      title: translate('notifications', 'title'),
      message: errorMessage(error, fallback),
    });
}

/** The notification list with its filters and actions; lives in the header's bell popover. */
export function NotificationPanel({
  titleId,
  unreadCount,
  onNavigate,
}: {
  titleId: string;
  unreadCount: number;
  /** Called after the user follows a notification's link (the popover closes). */
  onNavigate(): void;
}) {
  const { t } = useTranslation('notifications');
  const [filters, setFilters] = useState<NotificationFilters>(DEFAULT_NOTIFICATION_FILTERS);
  // spec §9: 10 at a time; "Show more" asks for 10 more, a new filter starts from 10 again
  const [limit, setLimit] = useState(NOTIFICATION_FETCH_LIMIT);
  const list = useNotifications({ ...filters, limit });
  const stats = useEnhancedStats();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkNotificationsRead();
  const archive = useArchiveNotification();
  const remove = useDeleteNotification();
  const dismiss = useDismissProfileCompletion();

  const actions: NotificationItemActions = {
    onOpen(notification: Notification) {
      if (!notification.is_read) markRead.mutate(notification.id);
      onNavigate();
    },
    onMarkRead: (notification) =>
      markRead.mutate(notification.id, { onError: toastFailure(t('failed.markRead')) }),
    onArchive: (notification) =>
      archive.mutate(notification.id, { onError: toastFailure(t('failed.archive')) }),
    onDelete: (notification) => remove.mutate(notification.id, { onError: toastFailure(t('failed.delete')) }),
    onDismissField: (field) => dismiss.mutate(field, { onError: toastFailure(t('failed.dismiss')) }),
  };

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? items.length;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4" id={titleId}>
          {t('title')}
        </Title>
        <Button
          size="compact-sm"
          variant="light"
          disabled={unreadCount === 0}
          onClick={() => markAllRead.mutate({}, { onError: toastFailure(t('failed.markAllRead')) })}
        >
          {t('markAllRead')}
        </Button>
      </Group>
      <NotificationFiltersBar
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setLimit(NOTIFICATION_FETCH_LIMIT);
        }}
        stats={stats.data}
      />
      {list.error && (
        <Alert color="red" variant="light">
          {errorMessage(list.error, t('loadError'))}
        </Alert>
      )}
      {list.isPending && <Loader size="sm" aria-label={t('loading')} />}
      {list.data && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('empty')}
        </Text>
      )}
      {items.length > 0 && (
        <Stack component="ul" gap={4} m={0} p={0} aria-label={t('list')}>
          {items.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} actions={actions} />
          ))}
        </Stack>
      )}
      {items.length > 0 && total > items.length && (
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('showing', { shown: items.length, total })}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            loading={list.isFetching && list.isPlaceholderData}
            onClick={() => setLimit((current) => current + NOTIFICATION_FETCH_LIMIT)}
          >
            {t('showMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
