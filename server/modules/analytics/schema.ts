import { z } from 'zod';
import { minorSumSchema } from '../../platform/minor-sum';
import { rangeFields } from '../../platform/range-fields';
import { ROLES } from '../../../contracts/users';
import { SUPPORTED_CURRENCIES } from '../../platform/currency-codes';

export const dashboardQuery = z.object(rangeFields);
export type DashboardQuery = z.output<typeof dashboardQuery>;

const count = z.number().int();

export const fraudCountsSchema = z.object({ held: count, rejected_for_fraud: count });
const minor = minorSumSchema;

export const kpisSchema = z.object({
  clicks: count,
  unique_clicks: count,
  conversions: count,
  /** conversions per unique click, 0..1 */
  cr: z.number(),
  revenue_minor: minor,
  /** earned: pending + approved + paid */
  commission_minor: minor,
  epc_minor: minor,
  pending_minor: minor,
  approved_minor: minor,
  paid_minor: minor,
  /** platform fee on commission_minor (admins and advertisers; 0 for publishers) */
  fee_minor: minor,
});
export type Kpis = z.infer<typeof kpisSchema>;

export const dashboardSchema = z.object({
  role: z.enum(ROLES),
  from: z.string(),
  to: z.string(),
  currency: z.enum(SUPPORTED_CURRENCIES),
  rates_note: z.string(),
  kpis: kpisSchema,
  previous: kpisSchema,
  series: z.array(
    z.object({
      date: z.string(),
      clicks: count,
      unique_clicks: count,
      conversions: count,
      revenue_minor: minor,
      commission_minor: minor,
    }),
  ),
  top: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      clicks: count,
      conversions: count,
      revenue_minor: minor,
      commission_minor: minor,
    }),
  ),
  todo: z.array(z.object({ key: z.string(), label: z.string(), count, link: z.string() })),
  /** commissions created in the range that the fraud rules hold for review now, or rejected for fraud */
  fraud: fraudCountsSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const cacheStatsSchema = z.object({
  caches: z.array(
    z.object({
      name: z.string(),
      hits: count,
      misses: count,
      size: count,
      hit_rate: z.number(),
    }),
  ),
});
export type CacheStats = z.infer<typeof cacheStatsSchema>;
