import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AdvertiserDetails } from '../types';
import { campaignKeys } from './campaign-keys';

/** The advertiser behind a campaign (publishers and admins; an advertiser sees only their own card). */
export async function getAdvertiser(id: string): Promise<AdvertiserDetails> {
  const { data } = await api.get<AdvertiserDetails>(`/advertisers/${encodeURIComponent(id)}`);
  return data;
}

export const getAdvertiserQueryOptions = (id: string) =>
  queryOptions({ queryKey: campaignKeys.advertiser(id), queryFn: () => getAdvertiser(id) });

export function useAdvertiser(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getAdvertiserQueryOptions(id), ...options });
}
