import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MIN_SEARCH_LENGTH } from '../../../lib/search';
import { GLOBAL_SEARCH_LIMIT, SEARCH_CACHE_MS, type GlobalSearchResults } from '../types';
import { searchKeys } from './search-keys';

/** Up to `limit` results per type the signed-in user may see, grouped by type. */
export async function getGlobalSearch(q: string, limit = GLOBAL_SEARCH_LIMIT): Promise<GlobalSearchResults> {
  const { data } = await api.get<GlobalSearchResults>('/search/global', { params: { q, limit } });
  return data;
}

export const getGlobalSearchQueryOptions = (q: string, limit = GLOBAL_SEARCH_LIMIT) =>
  queryOptions({
    queryKey: searchKeys.global(q, limit),
    queryFn: () => getGlobalSearch(q, limit),
    staleTime: SEARCH_CACHE_MS,
    gcTime: SEARCH_CACHE_MS,
  });

/** Runs only for a (debounced) query of at least 2 characters; a failure is shown at once, not retried. */
export function useGlobalSearch(q: string) {
  return useQuery({
    ...getGlobalSearchQueryOptions(q),
    enabled: q.length >= MIN_SEARCH_LENGTH,
    retry: false,
    refetchOnWindowFocus: false,
    // offline, the request fails at once and says so, instead of waiting paused for the network
    networkMode: 'always',
  });
}
