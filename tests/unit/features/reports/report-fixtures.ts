import type { GroupBy, Report, ReportFigures, ReportRow } from '../../../../src/features/reports/types';

export function makeFigures(overrides: Partial<ReportFigures> = {}): ReportFigures {
  return {
    clicks: 0,
    unique_clicks: 0,
    conversions: 0,
    revenue_minor: 0,
    commission_minor: 0,
    currency: 'EUR',
    cr: 0,
    epc_minor: 0,
    capped: 0,
    ...overrides,
  };
}

export function makeRow(key: string, label: string, overrides: Partial<ReportFigures> = {}): ReportRow {
  return { key, label, ...makeFigures(overrides) };
}

export function makeReport(groupBy: GroupBy, rows: ReportRow[], totals: Partial<ReportFigures> = {}): Report {
  return {
    from: '2025-03-01',
    to: '2025-03-30',
    currency: 'EUR',
    group_by: groupBy,
    rates_note: 'Converted to EUR with stored rates (fallback table)',
    rows,
    totals: makeFigures(totals),
    fraud: { held: 0, rejected_for_fraud: 0 },
  };
}

/** Three campaigns, as the server sends them: by commission, highest first. */
export const campaignReport = makeReport(
  'campaign',
  [
    makeRow('c-bags', 'Bags', {
      clicks: 50,
      unique_clicks: 40,
      conversions: 4,
      cr: 0.1,
      commission_minor: 9000,
      epc_minor: 180,
    }),
    makeRow('c-shoes', 'Shoes', {
      clicks: 300,
      unique_clicks: 250,
      conversions: 5,
      cr: 0.02,
      commission_minor: 5000,
      epc_minor: 17,
    }),
    makeRow('c-hats', 'Hats', { clicks: 10, unique_clicks: 10, conversions: 0, commission_minor: 0 }),
  ],
  {
    clicks: 360,
    unique_clicks: 300,
    conversions: 9,
    cr: 0.03,
    revenue_minor: 99000,
    commission_minor: 14000,
    epc_minor: 39,
  },
);

export const dayReport = makeReport(
  'day',
  [
    makeRow('2025-03-01', '2025-03-01', {
      clicks: 100,
      unique_clicks: 90,
      conversions: 3,
      commission_minor: 3000,
    }),
    makeRow('2025-03-02', '2025-03-02', {
      clicks: 260,
      unique_clicks: 210,
      conversions: 6,
      commission_minor: 11000,
    }),
  ],
  { clicks: 360, unique_clicks: 300, conversions: 9, cr: 0.03, commission_minor: 14000, epc_minor: 39 },
);
