import { z } from 'zod';
import { SUPPORTED_CURRENCIES } from '../../../../contracts/currencies';
import { DEEP_LINK_LIMITS, RECURRING_LIMITS } from '../../../../contracts/deep-links';
import { CATEGORIES as CAMPAIGN_CATEGORIES } from '../../../../contracts/categories';
import {
  APPROVAL_MODES,
  CAMPAIGN_LIMITS as LIMITS,
  CAMPAIGN_STATUSES,
  COMMISSION_MODELS,
} from '../../../../contracts/campaigns';
import { revshareBpsSchema as bps } from '../../../../contracts/campaign-schemas';
import { campaignFraudSchema } from '../../../../contracts/fraud-schema';

const minor = z.number().int().positive();
const isoDate = z.iso.datetime({ offset: true });

const unit = { payout_minor: minor.optional(), revshare_bps: bps.optional() };

/**
 * What the client sends for a campaign (a subset of the server's body: no daily cap; tiers, overrides,
 * countries and creatives are left unchanged when absent). Checked before sending so a malformed body
 * never leaves the browser.
 */
export const campaignInputSchema = z.object({
  name: z.string().trim().min(1).max(LIMITS.nameLength),
  description: z.string().max(LIMITS.descriptionLength),
  category: z.enum(CAMPAIGN_CATEGORIES),
  status: z.enum(CAMPAIGN_STATUSES),
  landing_url: z.url({ protocol: /^https?$/ }),
  currency: z.enum(SUPPORTED_CURRENCIES),
  commission_model: z.enum(COMMISSION_MODELS),
  payout_minor: minor.nullable(),
  revshare_bps: bps.nullable(),
  approval_mode: z.enum(APPROVAL_MODES),
  attribution_days: z.number().int().min(1).max(LIMITS.maxAttributionDays),
  budget_minor: minor.nullable(),
  /** most spent in one UTC day; null: no daily cap */
  daily_cap_minor: minor.nullable().optional(),
  starts_at: isoDate.nullable(),
  ends_at: isoDate.nullable(),
  terms: z.string().max(LIMITS.termsLength),
  /** the browser pixel is refused unless this is on */
  pixel_enabled: z.boolean(),
  /** highest order amount an unsigned pixel may report, in minor units; null: no cap */
  max_order_minor: minor.nullable(),
  /** a better payout from this many conversions in a calendar month */
  tiers: z
    .array(z.object({ min_conversions_in_month: z.number().int().min(1), ...unit }))
    .max(LIMITS.maxTiers)
    .optional(),
  publisher_overrides: z
    .array(z.object({ publisher_id: z.string().min(1), ...unit }))
    .max(LIMITS.maxPublisherOverrides)
    .optional(),
  /** ISO codes; empty: every country */
  allowed_countries: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .max(LIMITS.maxAllowedCountries)
    .optional(),
  /** media ids from the advertiser's library */
  creative_ids: z.array(z.string().min(1)).max(LIMITS.maxCreatives).optional(),
  /** hosts deep links may lead to; empty: the landing URL's host */
  deep_link_hosts: z.array(z.string().min(1)).max(DEEP_LINK_LIMITS.maxHosts).optional(),
  /** pays on renewals; null: does not */
  recurring: z
    .object({
      months: z.number().int().min(1).max(RECURRING_LIMITS.maxMonths).nullable(),
      payout_minor: minor.optional(),
      revshare_bps: bps.optional(),
    })
    .nullable()
    .optional(),
  /** what one publisher may earn per UTC day and month; each null: no such cap (all four always sent) */
  publisher_caps: z
    .object({
      daily_conversions: minor.nullable(),
      monthly_conversions: minor.nullable(),
      daily_commission_minor: minor.nullable(),
      monthly_commission_minor: minor.nullable(),
    })
    .optional(),
  /** fraud thresholds; a null field is the platform default */
  fraud: campaignFraudSchema.optional(),
});
export type CampaignInput = z.infer<typeof campaignInputSchema>;
