import { z } from 'zod';
import { PAYOUT_METHODS, ROLES, USER_LANGUAGES, USER_STATUSES } from '../../../contracts/users';
import { SUPPORTED_CURRENCIES } from '../../platform/currency-codes';

export const PROFILE_STEPS = ['registration', 'profile', 'payment', 'complete'] as const;

export const roleSchema = z.enum(ROLES);
export type { Role, UserStatus } from '../../../contracts/users';
export type ProfileStep = (typeof PROFILE_STEPS)[number];

const text = (max: number) => z.string().trim().min(1).max(max);

/** Profile fields a user may set; which ones are required depends on the role (see profile-rules.ts). */
export const profileFieldsSchema = z.object({
  // advertiser
  company_name: text(200).optional(),
  website: z
    .url({ protocol: /^https?$/, error: 'website must be an http(s) URL' })
    .max(500)
    .optional(),
  billing_address: text(1000).optional(),
  vat_id: text(50).optional(),
  // publisher
  display_name: text(200).optional(),
  payout_method: z.enum(PAYOUT_METHODS).optional(),
  payout_details: text(1000).optional(),
  tax_id: text(50).optional(),
  // both
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'country must be a two-letter ISO code')
    .transform((c) => c.toUpperCase())
    .optional(),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

export const profileSchema = z.object({
  company_name: z.string().nullable(),
  website: z.string().nullable(),
  billing_address: z.string().nullable(),
  vat_id: z.string().nullable(),
  display_name: z.string().nullable(),
  payout_method: z.enum(PAYOUT_METHODS).nullable(),
  payout_details: z.string().nullable(),
  tax_id: z.string().nullable(),
  country: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  status: z.enum(USER_STATUSES),
  onboarding_completed: z.boolean(),
  profile_completion_status: z.enum(['incomplete', 'complete']),
  profile_completion_step: z.enum(PROFILE_STEPS),
  preferred_currency: z.enum(SUPPORTED_CURRENCIES).nullable(),
  language: z.enum(USER_LANGUAGES),
  /** the owner followed the e-mailed confirmation link (accounts from before verification existed count) */
  email_verified: z.boolean(),
  profile: profileSchema,
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;
