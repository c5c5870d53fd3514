import { z } from 'zod';
import { isoDateTime } from '../../platform/zod-dates';
import { MAX_INT32, offsetParam } from '../../platform/zod-numbers';
import { CATEGORIES as CAMPAIGN_CATEGORIES } from '../../../contracts/categories';
import {
  APPROVAL_MODES,
  CAMPAIGN_LIMITS as LIMITS,
  CAMPAIGN_STATUSES,
  COMMISSION_MODELS,
} from '../../../contracts/campaigns';
import { revshareBpsSchema as bps } from '../../../contracts/campaign-schemas';
import { SUPPORTED_CURRENCIES } from '../../platform/currency-codes';
import { deepLinkHostsSchema } from '../../../contracts/deep-link-schemas';
import { RECURRING_LIMITS } from '../../../contracts/deep-links';
import { campaignFraudSchema } from '../../../contracts/fraud-schema';

/** The campaign's fraud thresholds as sent: the object as a whole, a field left out or null is the default. */
const fraudInput = campaignFraudSchema
  .partial()
  .refine(
    (f) => f.hold_score == null || f.reject_score == null || f.hold_score < f.reject_score,
    { message: 'fraud.hold_score must be below fraud.reject_score', path: ['hold_score'] },
  );
import { publisherCapsInput, publisherCapsSchema } from '../../../contracts/publisher-caps-schema';

export type { CampaignStatus, CommissionModel } from '../../../contracts/campaigns';

const minor = z.number().int().positive().max(1_000_000_000_000);
const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'countries are two-letter ISO codes')
  .transform((c) => c.toUpperCase());
const httpUrl = z
  .string()
  .trim()
  .max(LIMITS.landingUrlLength)
  .pipe(z.url({ protocol: /^https?$/, error: 'landing_url must be an http(s) URL' }));

export const recurringSchema = z
  .object({
    months: z
      .number()
      .int()
      .min(1, 'recurring.months must be at least 1')
      .max(RECURRING_LIMITS.maxMonths, `recurring.months must be at most ${RECURRING_LIMITS.maxMonths}`)
      .nullable()
      .describe('months after the first sale during which renewals pay; null: the life of the customer'),
    payout_minor: minor.optional().describe('a fixed amount per renewal'),
    revshare_bps: bps.optional().describe('a share of each renewal’s amount'),
  })
  .refine((r) => (r.payout_minor === undefined) !== (r.revshare_bps === undefined), {
    message: 'recurring needs exactly one of payout_minor and revshare_bps',
  });

export const tierSchema = z.object({
  min_conversions_in_month: z.number().int().min(1).max(MAX_INT32),
  payout_minor: minor.optional(),
  revshare_bps: bps.optional(),
});
export const publisherOverrideSchema = z.object({
  publisher_id: z.uuid(),
  payout_minor: minor.optional(),
  revshare_bps: bps.optional(),
});

/** Fields an advertiser sets; cross-field rules (model ↔ payout, date order) live in service.ts. */
export const campaignFields = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(LIMITS.nameLength),
  description: z.string().max(LIMITS.descriptionLength),
  category: z.enum(CAMPAIGN_CATEGORIES, {
    error: `category must be one of ${CAMPAIGN_CATEGORIES.join(', ')}`,
  }),
  status: z.enum(CAMPAIGN_STATUSES),
  landing_url: httpUrl,
  currency: z.enum(SUPPORTED_CURRENCIES, { error: 'currency is not supported' }),
  commission_model: z.enum(COMMISSION_MODELS, {
    error: `commission_model must be one of ${COMMISSION_MODELS.join(', ')}`,
  }),
  payout_minor: minor.nullable(),
  revshare_bps: bps.nullable(),
  tiers: z.array(tierSchema).max(LIMITS.maxTiers),
  publisher_overrides: z.array(publisherOverrideSchema).max(LIMITS.maxPublisherOverrides),
  budget_minor: minor.nullable(),
  daily_cap_minor: minor.nullable(),
  attribution_days: z.number().int().min(1).max(LIMITS.maxAttributionDays),
  approval_mode: z.enum(APPROVAL_MODES),
  allowed_countries: z.array(country).max(LIMITS.maxAllowedCountries),
  starts_at: isoDateTime('starts_at').nullable(),
  ends_at: isoDateTime('ends_at').nullable(),
  terms: z.string().max(LIMITS.termsLength),
  creative_ids: z.array(z.uuid()).max(LIMITS.maxCreatives),
  /** the browser pixel (`GET /api/pixel.gif`) is refused unless this is on */
  pixel_enabled: z.boolean(),
  /** highest order amount an unsigned pixel may report, campaign currency minor units; null: no cap */
  max_order_minor: minor.nullable(),
  /** hosts a deep link (`/t/{code}?url=`) may lead to; empty: the landing URL's host */
  deep_link_hosts: deepLinkHostsSchema,
  /** pays on renewals (`event=renewal`); null: does not */
  recurring: recurringSchema.nullable(),
  fraud: fraudInput,
  /** per publisher per UTC day and month: conversions and commission; over a cap it is recorded, not paid */
  publisher_caps: publisherCapsInput,
});

export const createCampaignBody = campaignFields.partial().required({
  name: true,
  category: true,
  landing_url: true,
  currency: true,
  commission_model: true,
});
export type CreateCampaignBody = z.input<typeof createCampaignBody>;

export const updateCampaignBody = campaignFields.partial();
export type UpdateCampaignBody = z.input<typeof updateCampaignBody>;

const filterAll = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(['all', ...values]).default('all');

export const listCampaignsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: offsetParam,
  status: filterAll(CAMPAIGN_STATUSES),
  category: filterAll(CAMPAIGN_CATEGORIES),
  search: z.string().trim().max(200).optional(),
  advertiser_id: z.uuid().optional(),
});
export type ListCampaignsQuery = z.output<typeof listCampaignsQuery>;

export const campaignSchema = z.object({
  id: z.string(),
  advertiser_id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  landing_url: z.string(),
  currency: z.string(),
  commission_model: z.enum(COMMISSION_MODELS),
  payout_minor: z.number().nullable(),
  revshare_bps: z.number().nullable(),
  tiers: z.array(tierSchema),
  publisher_overrides: z.array(publisherOverrideSchema),
  budget_minor: z.number().nullable(),
  daily_cap_minor: z.number().nullable(),
  attribution_days: z.number(),
  approval_mode: z.enum(APPROVAL_MODES),
  allowed_countries: z.array(z.string()),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  terms: z.string(),
  creative_ids: z.array(z.string()),
  pixel_enabled: z.boolean(),
  max_order_minor: z.number().nullable(),
  /** the hosts deep links may lead to (the landing URL's host unless the advertiser lists others) */
  deep_link_hosts: z.array(z.string()),
  recurring: z
    .object({
      months: z.number().nullable(),
      payout_minor: z.number().optional(),
      revshare_bps: z.number().optional(),
    })
    .nullable(),
  /** only for the owning advertiser and admins: the fraud thresholds (null: the platform default) */
  fraud: campaignFraudSchema.optional(),
  publisher_caps: publisherCapsSchema,
  /** only for the owning advertiser and admins */
  tracking_secret: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;
