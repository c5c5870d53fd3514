import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Coupon } from '../types';
import { couponKeys } from './coupon-keys';

/** The signed-in publisher's codes on every campaign. */
export async function getMyCoupons(): Promise<Coupon[]> {
  const { data } = await api.get<Coupon[]>('/coupons', { params: { limit: 200 } });
  return data;
}

export const getMyCouponsQueryOptions = () =>
  queryOptions({ queryKey: couponKeys.mine(), queryFn: getMyCoupons });

export function useMyCoupons(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getMyCouponsQueryOptions(), enabled: options.enabled });
}
