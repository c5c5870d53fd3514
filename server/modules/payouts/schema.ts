import { z } from 'zod';
import { minorSumSchema } from '../../platform/minor-sum';
import { isoDate } from '../../platform/zod-dates';
import { offsetParam } from '../../platform/zod-numbers';
import { PAYOUT_STATUSES, type PayoutStatus } from '../../../contracts/payouts';
import { SUPPORTED_CURRENCIES } from '../../platform/currency-codes';

export type { PayoutStatus };
/** requested and processing payouts hold their commissions; at most one per publisher and currency */
export const OPEN_STATUSES = ['requested', 'processing'] as const satisfies readonly PayoutStatus[];

const currency = z.enum(SUPPORTED_CURRENCIES, {
  error: `currency must be one of ${SUPPORTED_CURRENCIES.join(', ')}`,
});

export const requestPayoutBody = z.object({ currency });
export type RequestPayoutBody = z.output<typeof requestPayoutBody>;

/** `?status=` and friends: an empty value means no filter; `open` is requested or processing. */
export const listPayoutsQuery = z.object({
  status: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(['all', 'open', ...PAYOUT_STATUSES], {
        error: `status must be one of all, open, ${PAYOUT_STATUSES.join(', ')}`,
      }),
    )
    .default('all'),
  publisher_id: z.uuid({ error: 'publisher_id must be a UUID' }).optional(),
  currency: z.preprocess((v) => (v === '' ? undefined : v), currency.optional()),
  /** inclusive UTC days of the request */
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: offsetParam,
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});
export type ListPayoutsQuery = z.output<typeof listPayoutsQuery>;

export const payoutSchema = z.object({
  id: z.string(),
  publisher_id: z.string(),
  publisher_name: z.string(),
  publisher_email: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  amount_minor: z.number().int(),
  currency: z.string(),
  commission_count: z.number().int(),
  /** the publisher's payout method when they asked (bank_transfer | paypal) and its details */
  payout_method: z.string().nullable(),
  payout_details: z.string().nullable(),
  reference: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  failed_at: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutDetailQuery = z.object({
  /** the page of covered commissions to include (commission_count is their total) */
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: offsetParam,
});
export type PayoutDetailQuery = z.output<typeof payoutDetailQuery>;

export const payoutCommissionSchema = z.object({
  id: z.string(),
  kind: z.enum(['conversion', 'click', 'clawback', 'referral']),
  status: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  created_at: z.string(),
});

export const payoutDetailSchema = payoutSchema.extend({
  /** what the payout covers per campaign (all of it; clawbacks are negative) */
  campaigns: z.array(
    z.object({
      campaign_id: z.string(),
      campaign_name: z.string(),
      commissions: z.number().int(),
      amount_minor: minorSumSchema,
    }),
  ),
  /** a page of the covered commissions, newest first; empty once a failed payout released them */
  commissions: z.array(payoutCommissionSchema),
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

/** Per currency: what a payout would take now, the minimum in that currency, and why one cannot start. */
export const eligibilitySchema = z.object({
  has_payout_method: z.boolean(),
  /** the admin's minimum, in the platform default currency */
  min_payout_minor: z.number().int(),
  min_payout_currency: z.string(),
  balances: z.array(
    z.object({
      currency: z.string(),
      available_minor: minorSumSchema,
      /** the minimum converted to this currency with the stored rates */
      minimum_minor: z.number().int(),
      /** how much is missing to reach the minimum (0 when reached) */
      missing_minor: z.number().int(),
      open_payout: payoutSchema.nullable(),
      can_request: z.boolean(),
      /** why a payout cannot be requested now; null when it can */
      blocked_reason: z.string().nullable(),
    }),
  ),
});
export type Eligibility = z.infer<typeof eligibilitySchema>;

export const referenceBody = z.object({
  reference: z
    .string({ error: 'reference is required' })
    .trim()
    .min(1, 'reference is required')
    .max(200, 'reference must be at most 200 characters'),
});

export const failureBody = z.object({
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(1, 'reason is required')
    .max(2000, 'reason must be at most 2000 characters'),
});

const BULK_MAX = 100;
const id = z.uuid({ error: 'each id must be a UUID' });

export const bulkApproveBody = z.object({
  ids: z.array(id).min(1, 'choose at least one payout').max(BULK_MAX, `at most ${BULK_MAX} payouts at once`),
});

/** Each payout is paid with its own transfer, so each carries its own reference. */
export const bulkPaidBody = z.object({
  items: z
    .array(z.object({ id, reference: referenceBody.shape.reference }))
    .min(1, 'choose at least one payout')
    .max(BULK_MAX, `at most ${BULK_MAX} payouts at once`),
});

export const bulkResultSchema = z.object({
  updated: z.array(payoutSchema),
  failed: z.array(z.object({ id: z.string(), detail: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
