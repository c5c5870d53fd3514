// Shapes of GET /analytics/dashboard and GET /performance/cache-stats (the analytics contract, issue #12).
// Money is in minor units of the currency the dashboard answered in.

export type AnalyticsRole = 'advertiser' | 'publisher' | 'admin';

export interface Kpis {
  clicks: number;
  unique_clicks: number;
  conversions: number;
  /** conversions / unique clicks, 0..1 */
  cr: number;
  revenue_minor: number;
  /** pending + approved + paid */
  commission_minor: number;
  epc_minor: number;
  pending_minor: number;
  approved_minor: number;
  paid_minor: number;
  fee_minor: number;
}

export interface DailyPoint {
  date: string;
  clicks: number;
  unique_clicks: number;
  conversions: number;
  revenue_minor: number;
  commission_minor: number;
}

export interface TopItem {
  id: string;
  label: string;
  clicks: number;
  conversions: number;
  revenue_minor: number;
  commission_minor: number;
}

export interface TodoItem {
  key: string;
  label: string;
  count: number;
  link: string;
}

export interface Dashboard {
  role: AnalyticsRole;
  from: string;
  to: string;
  currency: string;
  rates_note: string;
  kpis: Kpis;
  previous: Kpis;
  series: DailyPoint[];
  top: TopItem[];
  todo: TodoItem[];
}

export interface CacheStat {
  name: string;
  hits: number;
  misses: number;
  size: number;
  /** 0..1 */
  hit_rate: number;
}

export interface CacheStats {
  caches: CacheStat[];
}
