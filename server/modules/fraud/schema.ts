import { z } from 'zod';
import {
  FRAUD_DECIDE_MAX_IDS,
  FRAUD_DECISIONS,
  FRAUD_REASON_LENGTH,
  FRAUD_RULES,
  fraudThresholdsSchema,
} from '../../../contracts/fraud-schema';
import { isoDate } from '../../platform/zod-dates';
import { offsetParam } from '../../platform/zod-numbers';

export const queueQuery = z.object({
  /** held: waiting for a decision (default); rejected: rejected with fraud rules fired */
  state: z.enum(['held', 'rejected'], { error: 'state must be held or rejected' }).default('held'),
  campaign_id: z.uuid({ error: 'campaign_id must be a UUID' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: offsetParam,
});
export type QueueQuery = z.output<typeof queueQuery>;

const reasonWithFigures = z.object({
  rule: z.enum(FRAUD_RULES),
  weight: z.number().int(),
  detail: z.string(),
  figures: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
});

export const queueItemSchema = z.object({
  commission_id: z.string(),
  kind: z.enum(['conversion', 'click', 'clawback', 'referral']),
  status: z.string(),
  on_review: z.boolean(),
  amount_minor: z.number().int(),
  currency: z.string(),
  fraud_score: z.number().int(),
  fraud_reasons: z.array(reasonWithFigures),
  reason: z.string().nullable(),
  created_at: z.string(),
  campaign: z.object({ id: z.string(), name: z.string() }),
  publisher: z.object({ id: z.string(), name: z.string(), status: z.string() }),
  conversion: z
    .object({
      id: z.string(),
      order_id: z.string(),
      event: z.string(),
      amount_minor: z.number().int(),
      currency: z.string(),
      source: z.string(),
      created_at: z.string(),
    })
    .nullable(),
  click: z
    .object({
      id: z.string(),
      created_at: z.string(),
      country: z.string().nullable(),
      user_agent: z.string(),
      referrer: z.string().nullable(),
      is_unique: z.boolean(),
      sub1: z.string().nullable(),
    })
    .nullable(),
  publisher_history: z.object({
    commissions: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    held: z.number().int(),
    rejected_for_fraud: z.number().int(),
    clicks_30d: z.number().int(),
    conversions_30d: z.number().int(),
  }),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const decideBody = z
  .object({
    commission_ids: z
      .array(z.uuid({ error: 'commission_ids must be UUIDs' }), {
        error: 'commission_ids must be a list of commission ids',
      })
      .min(1, 'commission_ids must name at least one commission')
      .max(FRAUD_DECIDE_MAX_IDS, `commission_ids may name at most ${FRAUD_DECIDE_MAX_IDS} commissions`),
    decision: z.enum(FRAUD_DECISIONS, { error: 'decision must be approve or reject' }),
    reason: z
      .string({ error: 'reason must be text' })
      .trim()
      .max(FRAUD_REASON_LENGTH, `reason may be at most ${FRAUD_REASON_LENGTH} characters`)
      .optional(),
  })
  .refine((b) => b.decision === 'approve' || (b.reason ?? '') !== '', {
    message: 'reason is required to reject',
    path: ['reason'],
  });
export type DecideBody = z.output<typeof decideBody>;

export const fraudSettingsSchema = z.object({
  /** the platform defaults in force (the admin's values over the built-in ones) */
  defaults: fraudThresholdsSchema,
  built_in: fraudThresholdsSchema,
  /** what each rule adds to the score when it fires */
  weights: z.record(z.string(), z.number().int()),
});

/** PUT /fraud/settings: any subset; null puts a field back to its built-in value. */
export const updateFraudSettingsBody = z.object({
  hold_score: fraudThresholdsSchema.shape.hold_score.nullable().optional(),
  reject_score: fraudThresholdsSchema.shape.reject_score.nullable().optional(),
  min_seconds_to_convert: fraudThresholdsSchema.shape.min_seconds_to_convert.nullable().optional(),
  max_conversions_per_ip_day: fraudThresholdsSchema.shape.max_conversions_per_ip_day.nullable().optional(),
  max_clicks_per_ip_minute: fraudThresholdsSchema.shape.max_clicks_per_ip_minute.nullable().optional(),
  cr_spike_factor: fraudThresholdsSchema.shape.cr_spike_factor.nullable().optional(),
});
export type UpdateFraudSettingsBody = z.output<typeof updateFraudSettingsBody>;

export const summaryQuery = z.object({
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
});

export const summarySchema = z.object({
  held: z.number().int(),
  rejected_for_fraud: z.number().int(),
});
