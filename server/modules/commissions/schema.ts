import { z } from 'zod';
import { minorSumSchema } from '../../platform/minor-sum';
import { isoDate, isoDateTime } from '../../platform/zod-dates';
import { offsetParam } from '../../platform/zod-numbers';

import { COMMISSION_STATUSES } from '../../../contracts/commissions';
import { fraudReasonSchema } from '../../../contracts/fraud-schema';

export type { CommissionStatus } from '../../../contracts/commissions';

const filterFields = {
  campaign_id: z.uuid({ error: 'campaign_id must be a UUID' }).optional(),
  publisher_id: z.uuid({ error: 'publisher_id must be a UUID' }).optional(),
  /** inclusive UTC days */
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
  include_test: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
};

export const listCommissionsQuery = z.object({
  ...filterFields,
  status: z.enum(['all', ...COMMISSION_STATUSES]).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: offsetParam,
});
export type ListCommissionsQuery = z.output<typeof listCommissionsQuery>;

export const totalsQuery = z.object(filterFields);
export type TotalsQuery = z.output<typeof totalsQuery>;

export const balanceQuery = z.object({
  publisher_id: z.uuid({ error: 'publisher_id must be a UUID' }).optional(),
});

export const commissionSchema = z.object({
  id: z.string(),
  kind: z.enum(['conversion', 'click', 'clawback', 'referral']),
  status: z.enum(COMMISSION_STATUSES),
  amount_minor: z.number().int(),
  currency: z.string(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  advertiser_id: z.string(),
  publisher_id: z.string(),
  publisher_name: z.string(),
  website_id: z.string().nullable(),
  conversion_id: z.string().nullable(),
  click_id: z.string().nullable(),
  order_id: z.string().nullable(),
  event: z.string().nullable(),
  sale_amount_minor: z.number().int().nullable(),
  client_reported: z.boolean(),
  /** how the conversion found its publisher (a renewal: as its first sale); null for a clawback */
  attributed_by: z.enum(['click', 'coupon']).nullable(),
  /** the coupon code that attributed the conversion */
  coupon_code: z.string().nullable(),
  reason: z.string().nullable(),
  rule: z.string(),
  /** held by the fraud rules: pending until the advertiser or an admin decides, never approved automatically */
  on_review: z.boolean(),
  fraud_score: z.number().int(),
  /** the rules that fired; `detail` only for the campaign's advertiser and admins */
  fraud_reasons: z.array(fraudReasonSchema),
  reverses_id: z.string().nullable(),
  /** a referral commission: the referred publisher's commission it is a share of */
  referral_of: z.string().nullable(),
  payout_id: z.string().nullable(),
  is_test: z.boolean(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** when a pending commission is approved automatically (hold period), else null */
  auto_approve_at: z.string().nullable(),
});
export type Commission = z.infer<typeof commissionSchema>;

export const totalsSchema = z.array(
  z.object({
    currency: z.string(),
    status: z.enum(COMMISSION_STATUSES),
    count: z.number().int(),
    amount_minor: minorSumSchema,
  }),
);

export const balanceSchema = z.array(
  z.object({ currency: z.string(), approved_minor: minorSumSchema, pending_minor: minorSumSchema }),
);

export const reasonBody = z.object({
  reason: z.string({ error: 'reason is required' }).trim().min(1, 'reason is required').max(2000),
});

const ids = z
  .array(z.uuid({ error: 'each id must be a UUID' }))
  .min(1, 'choose at least one commission')
  .max(500, 'at most 500 commissions at once');

export const bulkApproveBody = z.object({ ids });
export const bulkRejectBody = z.object({ ids, reason: reasonBody.shape.reason });

/**
 * "Every pending commission matching these filters": the server decides one batch per call (oldest first)
 * and answers how many remain, so the client shows progress and calls again until none remain.
 * `created_before` pins the selection to what the user saw, so commissions arriving meanwhile stay pending.
 */
const matchingFields = {
  campaign_id: filterFields.campaign_id,
  publisher_id: filterFields.publisher_id,
  from: filterFields.from,
  to: filterFields.to,
  include_test: z.boolean().default(false),
  created_before: isoDateTime('created_before'),
  batch_size: z.number().int().min(1).max(500).default(200),
};
export const bulkApproveMatchingBody = z.object(matchingFields);
export const bulkRejectMatchingBody = z.object({ ...matchingFields, reason: reasonBody.shape.reason });
export type BulkMatchingBody = z.output<typeof bulkApproveMatchingBody>;

export const bulkMatchingResultSchema = z.object({
  /** commissions this call approved or rejected */
  updated_count: z.number().int(),
  /** pending commissions still matching after this call (0 = done) */
  remaining: z.number().int(),
});

export const bulkResultSchema = z.object({
  updated: z.array(commissionSchema),
  failed: z.array(z.object({ id: z.string(), detail: z.string() })),
});
