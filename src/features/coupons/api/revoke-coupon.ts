import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Coupon } from '../types';
import { couponKeys } from './coupon-keys';

/** Revokes a code: postbacks with it are refused from now on (204). */
export async function revokeCoupon(id: string): Promise<void> {
  await api.delete(`/coupons/${id}`);
}

/** Drops the code from the campaign's list at once; puts it back if the server refused. */
export function useRevokeCoupon(campaignId: string) {
  const queryClient = useQueryClient();
  const key = couponKeys.campaign(campaignId);
  return useMutation({
    mutationFn: revokeCoupon,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Coupon[]>(key);
      queryClient.setQueryData<Coupon[]>(key, (old) => old?.filter((c) => c.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
