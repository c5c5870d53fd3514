import type { CampaignFilters } from '../types';

export interface CampaignListParams extends CampaignFilters {
  page: number;
  limit: number;
}

export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  /** the quick search (`/api/search/...` scoped endpoint) */
  search: (q: string) => [...campaignKeys.all, 'search', q] as const,
  list: (params: CampaignListParams) => [...campaignKeys.lists(), params] as const,
  details: () => [...campaignKeys.all, 'detail'] as const,
  detail: (id: string) => [...campaignKeys.details(), id] as const,
  advertiser: (id: string) => [...campaignKeys.all, 'advertiser', id] as const,
};
