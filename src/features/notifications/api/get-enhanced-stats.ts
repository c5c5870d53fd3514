import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { EnhancedNotificationStats } from '../types';
import { notificationKeys } from './notification-keys';

/** Totals and unread counts by category and by priority. */
export async function getEnhancedStats(): Promise<EnhancedNotificationStats> {
  const { data } = await api.get<EnhancedNotificationStats>('/notifications/stats/enhanced');
  return data;
}

export const getEnhancedStatsQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.enhancedStats(), queryFn: getEnhancedStats });

export function useEnhancedStats(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getEnhancedStatsQueryOptions(), ...options });
}
