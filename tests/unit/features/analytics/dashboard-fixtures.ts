import type { AnalyticsRole, Dashboard, Kpis } from '../../../../src/features/analytics/types';

export function makeKpis(overrides: Partial<Kpis> = {}): Kpis {
  return {
    clicks: 0,
    unique_clicks: 0,
    conversions: 0,
    cr: 0,
    revenue_minor: 0,
    commission_minor: 0,
    epc_minor: 0,
    pending_minor: 0,
    approved_minor: 0,
    paid_minor: 0,
    fee_minor: 0,
    ...overrides,
  };
}

/** A dashboard answer with traffic: 1,200 clicks (1,000 before), 30 conversions (40 before). */
export function makeDashboard(role: AnalyticsRole, overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    role,
    from: '2025-03-01',
    to: '2025-03-03',
    fraud: { held: 0, rejected_for_fraud: 0 },
    currency: 'EUR',
    rates_note: 'Converted to EUR with stored rates',
    kpis: makeKpis({
      clicks: 1200,
      unique_clicks: 1000,
      conversions: 30,
      cr: 0.03,
      revenue_minor: 150000,
      commission_minor: 12345,
      epc_minor: 10,
      fee_minor: 1235,
    }),
    previous: makeKpis({
      clicks: 1000,
      unique_clicks: 1000,
      conversions: 40,
      cr: 0.04,
      revenue_minor: 0,
      commission_minor: 12345,
      epc_minor: 8,
      fee_minor: 1000,
    }),
    series: [
      {
        date: '2025-03-01',
        clicks: 300,
        unique_clicks: 250,
        conversions: 5,
        revenue_minor: 50000,
        commission_minor: 2345,
      },
      {
        date: '2025-03-02',
        clicks: 800,
        unique_clicks: 650,
        conversions: 20,
        revenue_minor: 80000,
        commission_minor: 8000,
      },
      {
        date: '2025-03-03',
        clicks: 100,
        unique_clicks: 100,
        conversions: 5,
        revenue_minor: 20000,
        commission_minor: 2000,
      },
    ],
    top: [],
    todo: [],
    ...overrides,
  };
}
