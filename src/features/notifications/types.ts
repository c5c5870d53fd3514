import type { NotificationCategory } from '../../../server/modules/notifications/notify';

export type { NotificationCategory };

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

export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** Wire shape of GET /api/notifications/ items (the API contract). */
export interface Notification {
  id: string;
  category: NotificationCategory;
  priority: NotificationPriority;
  is_important: boolean;
  requires_action: boolean;
  title: string;
  body: string;
  link: string | null;
  /** Profile-completion rows carry `missing_field`; push routing uses `type` and `id`. */
  data: Record<string, unknown> & { missing_field?: string };
  is_read: boolean;
  read_at: string | null;
  is_archived: boolean;
  created_at: string;
}

export interface NotificationStats {
  unread_notifications: number;
}

export interface CountPair {
  total: number;
  unread: number;
}

export interface EnhancedNotificationStats extends NotificationStats {
  total: number;
  by_category: Partial<Record<NotificationCategory, CountPair>>;
  by_priority: Partial<Record<NotificationPriority, CountPair>>;
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
