import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { NotificationStats } from '../types';
import { notificationKeys } from './notification-keys';

/** The badge polls this often, besides refetching when a push arrives or the window regains focus. */
export const STATS_REFETCH_MS = 30_000;

export async function getNotificationStats(): Promise<NotificationStats> {
  const { data } = await api.get<NotificationStats>('/notifications/stats');
  return data;
}

export const getNotificationStatsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.stats(),
    queryFn: getNotificationStats,
    refetchInterval: STATS_REFETCH_MS,
  });

export function useNotificationStats() {
  return useQuery(getNotificationStatsQueryOptions());
}
