import { z } from 'zod';
import { CAMPAIGN_LIMITS } from '../../../contracts/campaigns';
import { SUPPORTED_CURRENCIES } from '../../platform/currency-codes';

export const MIN_UPLOAD_BYTES = 1024;
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** a click must outlive the longest attribution window, or its conversions would be refused */
export const MIN_CLICK_RETENTION_DAYS = CAMPAIGN_LIMITS.maxAttributionDays;
export const MAX_CLICK_RETENTION_DAYS = 3650;

export const adminSettingsSchema = z.object({
  default_currency: z.enum(SUPPORTED_CURRENCIES),
  platform_fee_bps: z.number().int().min(0).max(10_000),
  min_payout_minor: z.number().int().min(0),
  hold_days: z.number().int().min(0).max(365),
  registration_requires_approval: z.boolean(),
  max_upload_bytes: z
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024),
  rates_provider_url: z.string().nullable(),
  /** clicks older than this are dropped a month at a time; reports keep their totals (daily rollups) */
  click_retention_days: z.number().int().min(MIN_CLICK_RETENTION_DAYS).max(MAX_CLICK_RETENTION_DAYS),
  /** publisher referrals: the referrer's share of each approved commission (0: programme off) */
  referral_share_bps: z.number().int().min(0).max(10_000),
  /** months after a referred publisher joins during which their commissions earn the referrer a share */
  referral_months: z.number().int().min(1).max(120),
  /**
   * new accounts confirm their e-mail address before they apply, request payouts or are invoiced; until an
   * admin chooses, the install's default (EMAIL_VERIFICATION; on in production)
   */
  require_email_verification: z.boolean(),
  updated_at: z.string(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

const int = (field: string, min: number, max: number, range: string) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be ${range}`)
    .max(max, `${field} must be ${range}`);

/**
 * PUT /admin/settings: any subset of the fields GET returns. `updated_at` may be sent back unchanged and
 * is ignored; an empty rates_provider_url means none (built-in rates).
 */
export const updateSettingsBody = z.object({
  default_currency: z
    .enum(SUPPORTED_CURRENCIES, {
      error: `default_currency must be one of ${SUPPORTED_CURRENCIES.join(', ')}`,
    })
    .optional(),
  platform_fee_bps: int('platform_fee_bps', 0, 10_000, 'between 0 and 10000 (100%)').optional(),
  min_payout_minor: int('min_payout_minor', 0, 1_000_000_000, 'between 0 and 1000000000').optional(),
  hold_days: int('hold_days', 0, 365, 'between 0 and 365').optional(),
  registration_requires_approval: z
    .boolean({ error: 'registration_requires_approval must be true or false' })
    .optional(),
  max_upload_bytes: int(
    'max_upload_bytes',
    MIN_UPLOAD_BYTES,
    MAX_UPLOAD_BYTES,
    'between 1 KiB (1024) and 100 MiB (104857600)',
  ).optional(),
  rates_provider_url: z
    .string({ error: 'rates_provider_url must be an http(s) URL or null' })
    .trim()
    .max(2000, 'rates_provider_url is too long')
    .transform((url) => (url === '' ? null : url))
    .pipe(z.url({ protocol: /^https?$/, error: 'rates_provider_url must be an http(s) URL' }).nullable())
    .nullable()
    .optional(),
  click_retention_days: int(
    'click_retention_days',
    MIN_CLICK_RETENTION_DAYS,
    MAX_CLICK_RETENTION_DAYS,
    `between ${MIN_CLICK_RETENTION_DAYS} (the longest attribution window) and ${MAX_CLICK_RETENTION_DAYS}`,
  ).optional(),
  referral_share_bps: int('referral_share_bps', 0, 10_000, 'between 0 (off) and 10000 (100%)').optional(),
  referral_months: int('referral_months', 1, 120, 'between 1 and 120').optional(),
  require_email_verification: z
    .boolean({ error: 'require_email_verification must be true or false' })
    .optional(),
  updated_at: z.string().optional(),
});
export type UpdateSettingsBody = z.output<typeof updateSettingsBody>;

/** What every signed-in user may know of the platform settings. */
export const publicSettingsSchema = z.object({
  default_currency: z.enum(SUPPORTED_CURRENCIES),
  /** whether an unconfirmed e-mail address blocks applying, payouts and invoices (the banner asks for it) */
  require_email_verification: z.boolean(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
