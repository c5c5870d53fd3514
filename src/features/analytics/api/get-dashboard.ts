import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Dashboard } from '../types';
import { analyticsKeys, type DashboardParams } from './analytics-keys';

/** The dashboard opens on the last 30 days. */
export const DASHBOARD_DEFAULT_DAYS = 30;

/** The server caches the dashboard for 300 s (spec §9); asking sooner would only get the same answer. */
export const DASHBOARD_STALE_MS = 300_000;

export async function getDashboard(params: DashboardParams): Promise<Dashboard> {
  const { data } = await api.get<Dashboard>('/analytics/dashboard', { params });
  return data;
}

export const getDashboardQueryOptions = (params: DashboardParams) =>
  queryOptions({
    queryKey: analyticsKeys.dashboard(params),
    queryFn: () => getDashboard(params),
    staleTime: DASHBOARD_STALE_MS,
  });

export function useDashboard(params: DashboardParams) {
  // Another range keeps the figures on screen (dimmed) until the new ones arrive.
  return useQuery({ ...getDashboardQueryOptions(params), placeholderData: keepPreviousData });
}
