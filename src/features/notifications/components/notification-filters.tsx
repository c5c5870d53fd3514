import { Group, NativeSelect, SegmentedControl, Stack } from '@mantine/core';
import type { EnhancedNotificationStats, NotificationFilters } from '../types';
import {
  CATEGORY_LABELS,
  PRIORITY_LABELS,
  type NotificationCategory,
  type NotificationPriority,
} from '../types';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_PRIORITIES } from '../../../../contracts/notifications';

const READ_STATES = [
  { value: 'any', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
];

const readStateValue = (isRead: boolean | null) => (isRead === null ? 'any' : isRead ? 'read' : 'unread');
const readStateFilter = (value: string): boolean | null =>
  value === 'read' ? true : value === 'unread' ? false : null;

function withUnread(label: string, unread: number | undefined): string {
  return unread ? `${label} (${unread} unread)` : label;
}

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
  const categoryOptions = [
    { value: 'all', label: 'All categories' },
    ...NOTIFICATION_CATEGORIES.map((category) => ({
      value: category,
      label: withUnread(CATEGORY_LABELS[category], stats?.by_category[category]?.unread),
    })),
  ];
  const priorityOptions = [
    { value: 'all', label: 'All priorities' },
    ...NOTIFICATION_PRIORITIES.map((priority) => ({
      value: priority,
      label: withUnread(PRIORITY_LABELS[priority], stats?.by_priority[priority]?.unread),
    })),
  ];

  return (
    <Stack gap="xs">
      <Group grow gap="xs">
        <NativeSelect
          size="xs"
          label="Category"
          data={categoryOptions}
          value={filters.category}
          onChange={(event) =>
            onChange({ ...filters, category: event.currentTarget.value as 'all' | NotificationCategory })
          }
        />
        <NativeSelect
          size="xs"
          label="Priority"
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
        aria-label="Read state"
        data={READ_STATES}
        value={readStateValue(filters.is_read)}
        onChange={(value) => onChange({ ...filters, is_read: readStateFilter(value) })}
      />
    </Stack>
  );
}
