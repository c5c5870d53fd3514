import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Campaign } from '../types';
import { campaignKeys } from './campaign-keys';

export async function getCampaign(id: string): Promise<Campaign> {
  const { data } = await api.get<Campaign>(`/campaigns/${encodeURIComponent(id)}`);
  return data;
}

export const getCampaignQueryOptions = (id: string) =>
  queryOptions({ queryKey: campaignKeys.detail(id), queryFn: () => getCampaign(id) });

export function useCampaign(id: string) {
  return useQuery(getCampaignQueryOptions(id));
}
