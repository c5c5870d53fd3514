import { Group, NativeSelect, SegmentedControl, Stack } from '@mantine/core';
import type { EnhancedNotificationStats, NotificationFilters } from '../types';
import type { NotificationCategory, NotificationPriority } from '../types';
import { useTranslation } from '../../../lib/i18n';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_PRIORITIES } from '../../../../contracts/notifications';

const READ_STATES = ['any', 'unread', 'read'] as const;

const readStateValue = (isRead: boolean | null) => (isRead === null ? 'any' : isRead ? 'read' : 'unread');
const readStateFilter = (value: string): boolean | null =>
  value === 'read' ? true : value === 'unread' ? false : null;

/** Category and priority (default all) and read state (default either; spec §4). */
export function NotificationFiltersBar({
  filters,
  onChange,
  stats,
}: {
  filters: NotificationFilters;
  onChange(filters: NotificationFilters): void;
  /** Optional per-category/priority unread counts shown in the options. */
  stats?: EnhancedNotificationStats;
}) {
  const { t } = useTranslation('notifications');
  const withUnread = (label: string, unread: number | undefined) =>
    unread ? t('filter.withUnread', { label, count: unread }) : label;
  const categoryOptions = [
    { value: 'all', label: t('filter.allCategories') },
    ...NOTIFICATION_CATEGORIES.map((category) => ({
      value: category,
      label: withUnread(t(`category.${category}`), stats?.by_category[category]?.unread),
    })),
  ];
  const priorityOptions = [
    { value: 'all', label: t('filter.allPriorities') },
    ...NOTIFICATION_PRIORITIES.map((priority) => ({
      value: priority,
      label: withUnread(t(`priority.${priority}`), stats?.by_priority[priority]?.unread),
    })),
  ];

  return (
    <Stack gap="xs">
      <Group grow gap="xs">
        <NativeSelect
          size="xs"
          label={t('filter.category')}
          data={categoryOptions}
          value={filters.category}
          onChange={(event) =>
            onChange({ ...filters, category: event.currentTarget.value as 'all' | NotificationCategory })
          }
        />
        <NativeSelect
          size="xs"
          label={t('filter.priority')}
          data={priorityOptions}
          value={filters.priority}
          onChange={(event) =>
            onChange({ ...filters, priority: event.currentTarget.value as 'all' | NotificationPriority })
          }
        />
      </Group>
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label={t('filter.readState')}
        data={READ_STATES.map((state) => ({ value: state, label: t(`filter.${state}`) }))}
        value={readStateValue(filters.is_read)}
        onChange={(value) => onChange({ ...filters, is_read: readStateFilter(value) })}
      />
    </Stack>
  );
}
