import { z } from 'zod';
import { minorSumSchema } from '../../platform/minor-sum';
import { isoDateOrDateTime } from '../../platform/zod-dates';
import { offsetParam } from '../../platform/zod-numbers';
import { SUPPORTED_CURRENCIES } from '../../platform/currency-codes';
import { passwordSchema } from '../../../contracts/password-schema';
import { emailSchema } from '../../../contracts/user-schemas';
import { profileSchema, roleSchema } from '../users/service';
import { ROLES, USER_SORTS, USER_STATUSES } from '../../../contracts/users';

/** `?role=` and friends: an empty value or `all` means no filter. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), schema.optional());

export type { UserSort } from '../../../contracts/users';

export const listUsersQuery = z.object({
  role: optionalFilter(z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` })),
  status: optionalFilter(
    z.enum(USER_STATUSES, { error: `status must be one of ${USER_STATUSES.join(', ')}` }),
  ),
  country: optionalFilter(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'country must be a two-letter ISO code')
      .transform((c) => c.toUpperCase()),
  ),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(USER_SORTS, { error: `sort must be one of ${USER_SORTS.join(', ')}` }).default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: offsetParam,
});
export type ListUsersQuery = z.output<typeof listUsersQuery>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  status: z.enum(USER_STATUSES),
  country: z.string().nullable(),
  company_name: z.string().nullable(),
  display_name: z.string().nullable(),
  onboarding_completed: z.boolean(),
  /** false: the user has not followed the e-mailed confirmation link yet */
  email_verified: z.boolean(),
  preferred_currency: z.enum(SUPPORTED_CURRENCIES).nullable(),
  created_at: z.string(),
  /** campaigns the user owns (advertisers) */
  campaigns_count: z.number(),
  /** websites the user registered (publishers) */
  websites_count: z.number(),
  /** a publisher's own applications; for an advertiser, applications to their campaigns */
  applications_count: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const commissionTotalsSchema = z.object({
  currency: z.string(),
  pending_minor: minorSumSchema,
  approved_minor: minorSumSchema,
  paid_minor: minorSumSchema,
});

export const adminUserDetailSchema = adminUserSchema.extend({
  profile: profileSchema,
  websites: z.array(
    z.object({ id: z.string(), url: z.string(), name: z.string(), verification_status: z.string() }),
  ),
  campaigns: z.array(
    z.object({ id: z.string(), name: z.string(), status: z.string(), currency: z.string() }),
  ),
  /** non-test commissions the user earned (publisher) or owes (advertiser), per currency */
  commission_totals: z.array(commissionTotalsSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const createUserBody = z.object({
  email: emailSchema,
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(200),
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }),
  /** without one, the user gets an e-mail invite with a set-password link */
  password: passwordSchema.optional(),
});
export type CreateUserBody = z.output<typeof createUserBody>;

export const suspendBody = z
  .object({ reason: z.string().trim().max(2000, 'reason must be at most 2000 characters').optional() })
  .nullish();

export const changeRoleBody = z.object({
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }),
});

export const auditLogQuery = z.object({
  actor_id: optionalFilter(z.uuid({ error: 'actor_id must be a UUID' })),
  action: z.string().trim().max(100).optional(),
  entity_type: z.string().trim().max(100).optional(),
  entity_id: z.string().trim().max(200).optional(),
  from: optionalFilter(isoDateOrDateTime('from').meta({ description: 'YYYY-MM-DD or ISO 8601 date-time' })),
  to: optionalFilter(
    isoDateOrDateTime('to').meta({
      description: 'YYYY-MM-DD (inclusive: the whole day) or ISO 8601 date-time',
    }),
  ),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: offsetParam,
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});
export type AuditLogQuery = z.output<typeof auditLogQuery>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  /** the actor's name (else e-mail), or "System" for jobs */
  actor_name: z.string(),
  /** the raw action, e.g. "invoice.generated" (filters and the CSV use it) */
  action: z.string(),
  /** the action in words, in the reading admin's language: "approved", "generated" / "godkendte" */
  action_text: z.string(),
  /** the whole entry in words: "Alice approved commission of order A-1 on Northwind Journal" */
  summary: z.string(),
  /** the object in words and the client route that opens it (null when it no longer exists) */
  entity_label: z.string().nullable(),
  entity_url: z.string().nullable(),
  /** what the object belongs to (a commission's campaign, a payout's publisher), when it has one */
  context_label: z.string().nullable(),
  context_url: z.string().nullable(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
