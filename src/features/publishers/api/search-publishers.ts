import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '../../../../server/modules/search/schema';
import { api } from '../../../lib/api-client';
import { publisherKeys } from './publisher-keys';

/** Results of the publisherSearch modal: typo-tolerant, best first, active publishers only. */
export const PUBLISHER_SEARCH_LIMIT = 20;

export async function searchPublishers(q: string): Promise<{ items: SearchResult[] }> {
  const { data } = await api.get<SearchResult[]>('/search/publishers', {
    params: { q, limit: PUBLISHER_SEARCH_LIMIT },
  });
  return { items: data };
}

export const searchPublishersQueryOptions = (q: string) =>
  queryOptions({ queryKey: publisherKeys.search(q), queryFn: () => searchPublishers(q) });

export function useSearchPublishers(q: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...searchPublishersQueryOptions(q), placeholderData: keepPreviousData, ...options });
}
