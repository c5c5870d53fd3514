import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Coupon } from '../types';
import { couponKeys } from './coupon-keys';

/** A campaign's codes (a publisher gets only their own). */
export async function getCampaignCoupons(campaignId: string): Promise<Coupon[]> {
  const { data } = await api.get<Coupon[]>(`/campaigns/${campaignId}/coupons`, { params: { limit: 200 } });
  return data;
}

export const getCampaignCouponsQueryOptions = (campaignId: string) =>
  queryOptions({ queryKey: couponKeys.campaign(campaignId), queryFn: () => getCampaignCoupons(campaignId) });

export function useCampaignCoupons(campaignId: string) {
  return useQuery(getCampaignCouponsQueryOptions(campaignId));
}
