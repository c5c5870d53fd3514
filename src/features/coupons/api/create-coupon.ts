import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { COUPON_CODE_MESSAGE, COUPON_CODE_PATTERN, normalizeCouponCode } from '../../../../contracts/coupons';
import { api } from '../../../lib/api-client';
import type { Coupon } from '../types';
import { couponKeys } from './coupon-keys';

export const createCouponInput = z.object({
  code: z.string().trim().regex(COUPON_CODE_PATTERN, COUPON_CODE_MESSAGE).transform(normalizeCouponCode),
  publisher_id: z.string().min(1, 'Pick a publisher'),
});
export type CreateCouponInput = z.input<typeof createCouponInput>;

export async function createCoupon(campaignId: string, input: CreateCouponInput): Promise<Coupon> {
  const { data } = await api.post<Coupon>(`/campaigns/${campaignId}/coupons`, createCouponInput.parse(input));
  return data;
}

/** Gives a code and puts it on top of the campaign's list. */
export function useCreateCoupon(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCouponInput) => createCoupon(campaignId, input),
    onSuccess: (created) => {
      queryClient.setQueryData<Coupon[]>(couponKeys.campaign(campaignId), (old) => [created, ...(old ?? [])]);
      void queryClient.invalidateQueries({ queryKey: couponKeys.all });
    },
  });
}
