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
    // a tab in the background (or a headless page the browser counts as hidden) still learns of new
    // notifications: the badge and the push-less fallback depend on this poll
    refetchIntervalInBackground: true,
  });

export function useNotificationStats() {
  return useQuery(getNotificationStatsQueryOptions());
}
