import { Anchor, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n';
import { missingField, type Notification } from '../types';
import { relativeTime } from '../utils/relative-time';

export interface NotificationItemActions {
  onOpen(notification: Notification): void;
  onMarkRead(notification: Notification): void;
  onArchive(notification: Notification): void;
  onDelete(notification: Notification): void;
  onDismissField(field: string): void;
}

/** A link only to our own pages: a notification's link comes from the server and is followed in-app. */
function inAppPath(link: string | null): string | undefined {
  return link && link.startsWith('/') && !link.startsWith('//') ? link : undefined;
}

export function NotificationItem({
  notification,
  actions,
}: {
  notification: Notification;
  actions: NotificationItemActions;
}) {
  const { t } = useTranslation('notifications');
  const { title, body, is_read: isRead } = notification;
  const path = inAppPath(notification.link);
  const field = missingField(notification);

  return (
    <Box
      component="li"
      py="xs"
      px="sm"
      bg={isRead ? undefined : 'var(--mantine-color-blue-light)'}
      style={{ borderRadius: 'var(--mantine-radius-sm)', listStyle: 'none' }}
      aria-label={isRead ? title : t('item.unread', { title })}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          {path ? (
            <Anchor
              component={Link}
              to={path}
              size="sm"
              fw={isRead ? 500 : 700}
              onClick={() => actions.onOpen(notification)}
            >
              {title}
            </Anchor>
          ) : (
            <Text size="sm" fw={isRead ? 500 : 700}>
              {title}
            </Text>
          )}
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {notification.priority === 'high' && (
              <Badge size="xs" color="red" variant="light">
                {t('priority.high')}
              </Badge>
            )}
            <Badge size="xs" variant="default">
              {t(`category.${notification.category}`)}
            </Badge>
          </Group>
        </Group>
        {body && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {body}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {relativeTime(notification.created_at)}
          </Text>
          <Group gap={2}>
            {!isRead && (
              <Button
                size="compact-xs"
                variant="subtle"
                aria-label={t('item.markReadLabel', { title })}
                onClick={() => actions.onMarkRead(notification)}
              >
                {t('item.markRead')}
              </Button>
            )}
            {field && (
              <Button
                size="compact-xs"
                variant="subtle"
                aria-label={t('item.dismissLabel', { title })}
                onClick={() => actions.onDismissField(field)}
              >
                {t('item.dismiss')}
              </Button>
            )}
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              aria-label={t('item.archiveLabel', { title })}
              onClick={() => actions.onArchive(notification)}
            >
              {t('item.archive')}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label={t('item.deleteLabel', { title })}
              onClick={() => actions.onDelete(notification)}
            >
              {t('item.delete')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Box>
  );
}
