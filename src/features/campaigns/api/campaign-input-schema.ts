import { z } from 'zod';
import { SUPPORTED_CURRENCIES } from '../../../lib/currency';
import { APPROVAL_MODES, CAMPAIGN_CATEGORIES, CAMPAIGN_STATUSES, COMMISSION_MODELS } from '../types';

const minor = z.number().int().positive();
const isoDate = z.iso.datetime({ offset: true });

const bps = z.number().int().min(1).max(10_000);
const unit = { payout_minor: minor.optional(), revshare_bps: bps.optional() };

/**
 * What the client sends for a campaign (a subset of the server's body: no daily cap; tiers, overrides,
 * countries and creatives are left unchanged when absent). Checked before sending so a malformed body
 * never leaves the browser.
 */
export const campaignInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(5000),
  category: z.enum(CAMPAIGN_CATEGORIES),
  status: z.enum(CAMPAIGN_STATUSES),
  landing_url: z.url({ protocol: /^https?$/ }),
  currency: z.enum(SUPPORTED_CURRENCIES),
  commission_model: z.enum(COMMISSION_MODELS),
  payout_minor: minor.nullable(),
  revshare_bps: z.number().int().min(1).max(10_000).nullable(),
  approval_mode: z.enum(APPROVAL_MODES),
  attribution_days: z.number().int().min(1).max(365),
  budget_minor: minor.nullable(),
  starts_at: isoDate.nullable(),
  ends_at: isoDate.nullable(),
  terms: z.string().max(20_000),
  /** the browser pixel is refused unless this is on */
  pixel_enabled: z.boolean(),
  /** highest order amount an unsigned pixel may report, in minor units; null: no cap */
  max_order_minor: minor.nullable(),
  /** a better payout from this many conversions in a calendar month */
  tiers: z
    .array(z.object({ min_conversions_in_month: z.number().int().min(1), ...unit }))
    .max(20)
    .optional(),
  publisher_overrides: z
    .array(z.object({ publisher_id: z.string().min(1), ...unit }))
    .max(1000)
    .optional(),
  /** ISO codes; empty: every country */
  allowed_countries: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .max(250)
    .optional(),
  /** media ids from the advertiser's library */
  creative_ids: z.array(z.string().min(1)).max(50).optional(),
});
export type CampaignInput = z.infer<typeof campaignInputSchema>;
