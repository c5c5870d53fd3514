// The coupon code's zod schema, apart from contracts/coupons.ts's pattern and constants.
import { z } from 'zod';
import { COUPON_CODE_MESSAGE, COUPON_CODE_PATTERN, normalizeCouponCode } from './coupons';

export const couponCodeSchema = z
  .string({ error: 'code is required' })
  .trim()
  .regex(COUPON_CODE_PATTERN, COUPON_CODE_MESSAGE)
  .transform(normalizeCouponCode);
