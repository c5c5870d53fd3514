import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Campaign } from '../types';
import { campaignKeys, type CampaignListParams } from './campaign-keys';

export interface CampaignPage {
  items: Campaign[];
  /** From the X-Total-Count header; null when the server did not send it. */
  total: number | null;
}

export function totalFromHeader(value: unknown): number | null {
  const total = Number(value);
  return value === undefined || value === null || value === '' || !Number.isFinite(total) ? null : total;
}

/** 'all' and blank filters are left out of the query string. */
export async function getCampaigns(params: CampaignListParams): Promise<CampaignPage> {
  const search = params.search.trim();
  const { data, headers } = await api.get<Campaign[]>('/campaigns', {
    params: {
      limit: params.limit,
      offset: (params.page - 1) * params.limit,
      ...(params.status !== 'all' ? { status: params.status } : {}),
      ...(params.category !== 'all' ? { category: params.category } : {}),
      ...(search ? { search } : {}),
    },
  });
  return { items: data, total: totalFromHeader(headers['x-total-count']) };
}

export const getCampaignsQueryOptions = (params: CampaignListParams) =>
  queryOptions({ queryKey: campaignKeys.list(params), queryFn: () => getCampaigns(params) });

export function useCampaigns(params: CampaignListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getCampaignsQueryOptions(params), placeholderData: keepPreviousData, ...options });
}
