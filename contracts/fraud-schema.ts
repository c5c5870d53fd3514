import { z } from 'zod';

/** The fraud rules, by the name a commission's `fraud_reasons` gives them. */
export const FRAUD_RULES = [
  'self_address',
  'too_fast',
  'address_velocity',
  'click_flood',
  'conversion_rate_spike',
  'country',
  'user_agent',
] as const;
export type FraudRule = (typeof FRAUD_RULES)[number];

/** The fields of a campaign's (and the platform's) fraud thresholds, with the limits the server checks. */
export const FRAUD_LIMITS = {
  maxScore: 1000,
  maxSecondsToConvert: 86_400,
  maxConversionsPerIpDay: 100_000,
  maxClicksPerIpMinute: 100_000,
  minCrSpikeFactor: 1,
  maxCrSpikeFactor: 1000,
} as const;

const score = (field: string) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be between 1 and ${FRAUD_LIMITS.maxScore}`)
    .max(FRAUD_LIMITS.maxScore, `${field} must be between 1 and ${FRAUD_LIMITS.maxScore}`);
const count = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`);

/** Every threshold, each a number: the platform defaults (admin settings). */
export const fraudThresholdsSchema = z.object({
  /** a total score at or above this holds the commission for review */
  hold_score: score('hold_score'),
  /** a total score at or above this rejects the commission */
  reject_score: score('reject_score'),
  min_seconds_to_convert: count('min_seconds_to_convert', 0, FRAUD_LIMITS.maxSecondsToConvert),
  max_conversions_per_ip_day: count('max_conversions_per_ip_day', 1, FRAUD_LIMITS.maxConversionsPerIpDay),
  max_clicks_per_ip_minute: count('max_clicks_per_ip_minute', 1, FRAUD_LIMITS.maxClicksPerIpMinute),
  cr_spike_factor: z
    .number({ error: 'cr_spike_factor must be a number' })
    .min(FRAUD_LIMITS.minCrSpikeFactor, 'cr_spike_factor must be between 1 and 1000')
    .max(FRAUD_LIMITS.maxCrSpikeFactor, 'cr_spike_factor must be between 1 and 1000'),
});
export type FraudThresholds = z.infer<typeof fraudThresholdsSchema>;

/** A campaign's `fraud` field: each threshold nullable, null meaning the platform default. */
export const campaignFraudSchema = z.object({
  hold_score: fraudThresholdsSchema.shape.hold_score.nullable(),
  reject_score: fraudThresholdsSchema.shape.reject_score.nullable(),
  min_seconds_to_convert: fraudThresholdsSchema.shape.min_seconds_to_convert.nullable(),
  max_conversions_per_ip_day: fraudThresholdsSchema.shape.max_conversions_per_ip_day.nullable(),
  max_clicks_per_ip_minute: fraudThresholdsSchema.shape.max_clicks_per_ip_minute.nullable(),
  cr_spike_factor: fraudThresholdsSchema.shape.cr_spike_factor.nullable(),
});
export type CampaignFraud = z.infer<typeof campaignFraudSchema>;

/** Every field null: the platform defaults throughout. */
export const PLATFORM_DEFAULT_FRAUD: CampaignFraud = {
  hold_score: null,
  reject_score: null,
  min_seconds_to_convert: null,
  max_conversions_per_ip_day: null,
  max_clicks_per_ip_minute: null,
  cr_spike_factor: null,
};

/** One rule that fired: `detail` (the figures behind it) only for the advertiser and admins. */
export const fraudReasonSchema = z.object({
  rule: z.enum(FRAUD_RULES),
  detail: z.string().optional(),
});
export type FraudReason = z.infer<typeof fraudReasonSchema>;

export const FRAUD_DECISIONS = ['approve', 'reject'] as const;
export const FRAUD_DECIDE_MAX_IDS = 500;
export const FRAUD_REASON_LENGTH = 500;
