export interface DashboardParams {
  from: string;
  to: string;
  currency: string;
}

export const analyticsKeys = {
  all: ['analytics'] as const,
  dashboard: (params: DashboardParams) => [...analyticsKeys.all, 'dashboard', params] as const,
  cacheStats: () => [...analyticsKeys.all, 'cache-stats'] as const,
};
