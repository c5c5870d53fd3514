// Wire types are shared with the server; the client imports only their types.
import type { NotificationCategory, NotificationPriority } from '../../../server/platform/notifier';
import type {
  EnhancedStats as EnhancedNotificationStats,
  Notification,
} from '../../../server/modules/notifications/schema';

export type { EnhancedNotificationStats, Notification, NotificationCategory, NotificationPriority };

// Copied from server/modules/notifications/notify.ts (the client may import only types from server/).
export const NOTIFICATION_CATEGORIES = [
  'application',
  'campaign',
  'conversion',
  'commission',
  'payout',
  'message',
  'invoice',
  'profile_completion',
  'system',
] as const satisfies readonly NotificationCategory[];

export const NOTIFICATION_PRIORITIES = [
  'low',
  'normal',
  'high',
] as const satisfies readonly NotificationPriority[];

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

export const CATEGORY_LABELS: Record<NotificationCategory, string> = {
  application: 'Applications',
  campaign: 'Campaigns',
  conversion: 'Conversions',
  commission: 'Commissions',
  payout: 'Payouts',
  message: 'Messages',
  invoice: 'Invoices',
  profile_completion: 'Profile completion',
  system: 'System',
};

export const PRIORITY_LABELS: Record<NotificationPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
};

/** The profile field a profile-completion notification reminds about, if it is one. */
export function missingField(notification: Notification): string | undefined {
  if (notification.category !== 'profile_completion') return undefined;
  const field = notification.data?.missing_field;
  return typeof field === 'string' && field !== '' ? field : undefined;
}
