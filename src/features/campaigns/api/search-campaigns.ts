import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '../../../../server/modules/search/schema';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** Results of the campaignSearch modal: typo-tolerant, best first, only campaigns the user may see. */
export const CAMPAIGN_SEARCH_LIMIT = 20;

export async function searchCampaigns(q: string): Promise<{ items: SearchResult[] }> {
  const { data } = await api.get<SearchResult[]>('/search/campaigns', {
    params: { q, limit: CAMPAIGN_SEARCH_LIMIT },
  });
  return { items: data };
}

export const searchCampaignsQueryOptions = (q: string) =>
  queryOptions({ queryKey: campaignKeys.search(q), queryFn: () => searchCampaigns(q) });

export function useSearchCampaigns(q: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...searchCampaignsQueryOptions(q), placeholderData: keepPreviousData, ...options });
}
