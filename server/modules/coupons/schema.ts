import { z } from 'zod';
import { offsetParam } from '../../platform/zod-numbers';
import { couponCodeSchema } from '../../../contracts/coupon-schemas';

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  campaign_id: z.string(),
  publisher_id: z.string(),
  created_at: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const createCouponBody = z.object({
  code: couponCodeSchema.describe(
    '3–40 of A–Z, 0–9, - and _; unique per campaign without regard to case (stored upper-case)',
  ),
  publisher_id: z.uuid({ error: 'publisher_id must be a UUID' }),
});

export const campaignIdParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

export const listCouponsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  offset: offsetParam,
  campaign_id: z.uuid({ error: 'campaign_id must be a UUID' }).optional(),
});
export type ListCouponsQuery = z.output<typeof listCouponsQuery>;
