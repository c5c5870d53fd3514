import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CacheStats } from '../types';
import { analyticsKeys } from './analytics-keys';

/** Performance stats refresh every 30 s (spec §9). */
export const CACHE_STATS_REFRESH_MS = 30_000;

/** Admin only (403 for others). */
export async function getCacheStats(): Promise<CacheStats> {
  const { data } = await api.get<CacheStats>('/performance/cache-stats');
  return data;
}

export const getCacheStatsQueryOptions = () =>
  queryOptions({
    queryKey: analyticsKeys.cacheStats(),
    queryFn: getCacheStats,
    staleTime: CACHE_STATS_REFRESH_MS,
    refetchInterval: CACHE_STATS_REFRESH_MS,
  });

export function useCacheStats(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getCacheStatsQueryOptions(), ...options });
}
