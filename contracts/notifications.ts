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
] as const;
export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high'] as const;

export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];
