import { z } from 'zod';
import { offsetParam } from '../../platform/zod-numbers';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_PRIORITIES } from '../../../contracts/notifications';

export const notificationSchema = z.object({
  id: z.string(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  is_important: z.boolean(),
  requires_action: z.boolean(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  is_read: z.boolean(),
  read_at: z.string().nullable(),
  is_archived: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

const isReadParam = z.enum(['true', 'false'], { error: 'is_read must be true or false' });

export const listNotificationsQuery = z.object({
  // 'all' is what the client's filter calls "no filter"; it may send it or leave the parameter out
  category: z.enum(['all', ...NOTIFICATION_CATEGORIES]).default('all'),
  priority: z.enum(['all', ...NOTIFICATION_PRIORITIES]).default('all'),
  is_read: isReadParam.optional().transform((v) => (v === undefined ? undefined : v === 'true')),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: offsetParam,
});

export const limitQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

const idList = z
  .array(z.uuid({ error: 'notification_ids must hold UUIDs' }))
  .max(1000, 'at most 1000 notification_ids at once');

/** No body, `{}` or `{ notification_ids: null }` mean "all of mine". */
export const idsBody = z.object({ notification_ids: idList.nullish() }).nullish();

export const statsSchema = z.object({ unread_notifications: z.number().int() });

const countsSchema = z.object({ total: z.number().int(), unread: z.number().int() });
export const enhancedStatsSchema = z.object({
  unread_notifications: z.number().int(),
  total: z.number().int(),
  by_category: z.record(z.string(), countsSchema),
  by_priority: z.record(z.string(), countsSchema),
});
export type EnhancedStats = z.infer<typeof enhancedStatsSchema>;

export const updatedSchema = z.object({ updated: z.number().int() });

/** Every profile field a role can be asked for (see users/profile-rules.ts). */
export const PROFILE_COMPLETION_FIELDS = [
  'company_name',
  'website',
  'country',
  'billing_address',
  'vat_id',
  'display_name',
  'payout_method',
  'payout_details',
  'tax_id',
] as const;
export type ProfileCompletionField = (typeof PROFILE_COMPLETION_FIELDS)[number];

export const fieldParams = z.object({
  field: z.enum(PROFILE_COMPLETION_FIELDS, {
    error: `field must be one of ${PROFILE_COMPLETION_FIELDS.join(', ')}`,
  }),
});

export const checkProfileSchema = z.object({
  missing_fields: z.array(z.string()),
  created: z.number().int(),
});
export const dismissedSchema = z.object({ dismissed: z.number().int() });
