import { z } from 'zod';
import { minorSumSchema } from '../../platform/minor-sum';
import { SUPPORTED_CURRENCIES } from '../../platform/currency-codes';
import { rangeFields } from '../../platform/range-fields';

export const REPORT_GROUPS = [
  'day',
  'week',
  'month',
  'campaign',
  'publisher',
  'website',
  'country',
  'sub1',
  'sub2',
  'sub3',
  'sub4',
  'sub5',
  'coupon',
] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export const reportQuery = z.object({
  group_by: z
    .enum(REPORT_GROUPS, { error: `group_by must be one of ${REPORT_GROUPS.join(', ')}` })
    .default('day'),
  ...rangeFields,
  campaign_id: z.uuid({ error: 'campaign_id must be a UUID' }).optional(),
  /** publishers may only name themselves: another publisher's id gives an empty report */
  publisher_id: z.uuid({ error: 'publisher_id must be a UUID' }).optional(),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});
export type ReportQuery = z.output<typeof reportQuery>;

const count = z.number().int();
const minor = minorSumSchema;
const figures = {
  clicks: count,
  unique_clicks: count,
  conversions: count,
  revenue_minor: minor,
  /** earned: pending + approved + paid */
  commission_minor: minor,
  currency: z.enum(SUPPORTED_CURRENCIES),
  /** conversions per unique click, 0..1 */
  cr: z.number(),
  epc_minor: minor,
  /** conversions (and CPC clicks) recorded over a publisher's cap: counted in conversions, not paid */
  capped: count,
};

export const reportRowSchema = z.object({ key: z.string(), label: z.string(), ...figures });
export type ReportRow = z.infer<typeof reportRowSchema>;
export const reportTotalsSchema = z.object(figures);
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

export const reportSchema = z.object({
  /** commissions created in the range (and filters) the fraud rules hold for review now, or rejected for fraud */
  fraud: z.object({ held: count, rejected_for_fraud: count }),
  from: z.string(),
  to: z.string(),
  currency: z.enum(SUPPORTED_CURRENCIES),
  group_by: z.enum(REPORT_GROUPS),
  rates_note: z.string(),
  rows: z.array(reportRowSchema),
  totals: reportTotalsSchema,
});
export type Report = z.infer<typeof reportSchema>;
