// Shapes of GET /analytics/dashboard and GET /performance/cache-stats (the analytics contract, issue #12).
// Money is in minor units of the currency the dashboard answered in.

import type { CacheStats, Dashboard, Kpis } from '../../../server/modules/analytics/schema';

export type { CacheStats, Dashboard, Kpis };
export type AnalyticsRole = Dashboard['role'];
export type DailyPoint = Dashboard['series'][number];
export type TopItem = Dashboard['top'][number];
export type TodoItem = Dashboard['todo'][number];
export type CacheStat = CacheStats['caches'][number];
