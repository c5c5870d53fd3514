// Wire types are shared with the server; the client imports only their types.
import type { NotificationCategory, NotificationPriority } from '../../../contracts/notifications';
import type {
  EnhancedStats as EnhancedNotificationStats,
  Notification,
} from '../../../server/modules/notifications/schema';

export type { EnhancedNotificationStats, Notification, NotificationCategory, NotificationPriority };

export interface NotificationStats {
  unread_notifications: number;
}

/** Panel filters (spec §4): category and priority default to 'all', is_read to null (either). */
export interface NotificationFilters {
  category: 'all' | NotificationCategory;
  priority: 'all' | NotificationPriority;
  is_read: boolean | null;
}

export const DEFAULT_NOTIFICATION_FILTERS: NotificationFilters = {
  category: 'all',
  priority: 'all',
  is_read: null,
};

/** Spec §9: notification fetch limit. */
export const NOTIFICATION_FETCH_LIMIT = 10;

/** The profile field a profile-completion notification reminds about, if it is one. */
export function missingField(notification: Notification): string | undefined {
  if (notification.category !== 'profile_completion') return undefined;
  const field = notification.data?.missing_field;
  return typeof field === 'string' && field !== '' ? field : undefined;
}
