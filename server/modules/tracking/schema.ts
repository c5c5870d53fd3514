import { z } from 'zod';
import {
  ATTRIBUTIONS,
  COUPON_CODE_MESSAGE,
  COUPON_CODE_PATTERN,
  normalizeCouponCode,
} from '../../../contracts/coupons';

const amount = z.union([z.string().max(32), z.number().nonnegative()], {
  error: 'amount must be a decimal number in major units, e.g. 19.99',
});

/** Fields shared by the postback and the pixel (spec: click_id, order_id, amount, currency, event). */
const conversionFields = {
  click_id: z.string().trim().min(1, 'click_id is required').max(64),
  order_id: z.string().trim().min(1, 'order_id is required').max(200),
  amount: amount.optional(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'currency must be a 3-letter ISO code')
    .optional(),
  event: z.enum(['sale', 'lead'], { error: 'event must be sale or lead' }).default('sale'),
};

const customerRef = (field: string) =>
  z.string().trim().min(1, `${field} must not be empty`).max(200, `${field} is at most 200 characters`);

export const postbackBody = z.object({
  ...conversionFields,
  click_id: conversionFields.click_id
    .optional()
    .describe('the click; may be left out when `coupon` is sent, and is not used for `event=renewal`'),
  event: z
    .enum(['sale', 'lead', 'renewal'], { error: 'event must be sale, lead or renewal' })
    .default('sale')
    .describe(
      '`renewal`: a recurring payment of an earlier sale, found by `customer_id` or `subscription_id`',
    ),
  coupon: z
    .string()
    .trim()
    .regex(COUPON_CODE_PATTERN, `coupon: ${COUPON_CODE_MESSAGE}`)
    .transform(normalizeCouponCode)
    .optional()
    .describe('a coupon code (any case): attributes a conversion without click_id to the code’s publisher'),
  customer_id: customerRef('customer_id')
    .optional()
    .describe('the advertiser’s customer id: on the first sale, and on each renewal to find it'),
  subscription_id: customerRef('subscription_id')
    .optional()
    .describe('the advertiser’s subscription id, instead of or beside customer_id'),
  campaign_id: z
    .uuid({ error: 'campaign_id must be a UUID' })
    .optional()
    .describe('the campaign of a coupon or renewal postback, where the secret or API key does not tell it'),
  secret: z.string().min(1, 'secret is required (the campaign’s tracking secret)'),
});

/** `POST /api/postback`: sent with an API key (`Authorization: Bearer afk_…`), the secret may be left out. */
export const postbackPostBody = postbackBody.extend({
  secret: postbackBody.shape.secret
    .optional()
    .describe(
      'the campaign’s tracking secret; not needed with an API key (full scope, conversions) of the campaign’s advertiser',
    ),
});

export const pixelQuery = z.object({
  ...conversionFields,
  sig: z
    .string()
    .regex(
      /^[0-9a-fA-F]{64}$/,
      'sig must be the 64-character hex HMAC-SHA256 of click_id|order_id|amount|currency',
    )
    .optional(),
});

export const conversionResultSchema = z.object({
  conversion_id: z.string(),
  commission_id: z.string().nullable(),
  status: z.string(),
  duplicate: z.boolean(),
  amount_minor: z.number().int(),
  currency: z.string(),
  commission_minor: z.number().int().nullable(),
  is_test: z.boolean(),
  attributed_by: z.enum(ATTRIBUTIONS),
});

export const clickParams = z.object({ code: z.string().max(200) });

/** Sub-ids are kept (stored and passed on) up to this many characters. */
export const MAX_SUB_ID_LENGTH = 255;

/** Cut to MAX_SUB_ID_LENGTH without splitting a surrogate pair. */
function cutSubId(value: string): string {
  if (value.length <= MAX_SUB_ID_LENGTH) return value;
  const last = value.charCodeAt(MAX_SUB_ID_LENGTH - 1);
  return value.slice(0, last >= 0xd800 && last <= 0xdbff ? MAX_SUB_ID_LENGTH - 1 : MAX_SUB_ID_LENGTH);
}

/**
 * A click is never refused for its sub-ids, since the visitor must still reach the landing page: a
 * longer one is cut to MAX_SUB_ID_LENGTH and a repeated one (`?sub1=a&sub1=b`) keeps its first value.
 */
const subId = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => cutSubId(Array.isArray(value) ? (value[0] ?? '') : value))
  .optional()
  .meta({ description: `at most ${MAX_SUB_ID_LENGTH} characters are kept; a longer value is cut` });

export const clickQuery = z.object({
  sub1: subId,
  sub2: subId,
  sub3: subId,
  sub4: subId,
  sub5: subId,
  url: z.string().optional().meta({
    description:
      'deep link: an http(s) page on the campaign’s `deep_link_hosts` (else the landing page is used)',
  }),
});

export const trackingLinkSchema = z.object({
  id: z.string(),
  code: z.string(),
  url: z.string(),
  active: z.boolean(),
  application_id: z.string(),
  application_status: z.string(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  campaign_status: z.string(),
  /** where deep links (`?url=`) on this link may lead: see contracts/deep-links.ts */
  deep_link_hosts: z.array(z.string()),
  publisher_id: z.string(),
  publisher_name: z.string(),
  website_id: z.string(),
  website_url: z.string(),
  clicks: z.number().int(),
  conversions: z.number().int(),
  created_at: z.string(),
});

export const listTrackingLinksQuery = z.object({
  campaign_id: z.uuid({ error: 'campaign_id must be a UUID' }).optional(),
});

export const trackingTestBody = z.object({
  campaign_id: z.uuid({ error: 'campaign_id must be a UUID' }),
  link_id: z.uuid({ error: 'link_id must be a UUID' }).optional(),
  event: z.enum(['sale', 'lead']).optional(),
  amount: amount.optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'currency must be a 3-letter ISO code')
    .optional(),
});

/**
 * What a tracking-test step found, for clients to word in their language from the code and `data`
 * (the figures); `detail` says it in English for API clients.
 */
export const TRACKING_TEST_OUTCOMES = [
  'link_not_in_campaign',
  'no_active_link',
  'no_redirect',
  'redirected',
  'click_missing',
  'click_recorded',
  'conversion_rejected',
  'conversion_accepted',
  'commission',
  'click_pays',
  'not_paid',
] as const;

export const trackingTestStep = z.object({
  step: z.enum(['link_resolved', 'click_recorded', 'conversion', 'commission_computed']),
  ok: z.boolean(),
  code: z.enum(TRACKING_TEST_OUTCOMES),
  detail: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const trackingTestResult = z.object({
  ok: z.boolean(),
  steps: z.array(trackingTestStep),
});

export type TrackingTestStep = z.infer<typeof trackingTestStep>;
