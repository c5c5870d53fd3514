import type { z } from 'zod';
import type { couponSchema } from '../../../server/modules/coupons/schema';

// Wire types are shared with the server; the client imports only their types.
export type Coupon = z.infer<typeof couponSchema>;

/** A publisher the advertiser may give codes to: approved on the campaign. */
export interface CouponPublisher {
  id: string;
  name: string;
}
