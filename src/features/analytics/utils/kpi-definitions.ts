import { formatMoney } from '../../../lib/format';
import { formatCount, formatRate } from '../../../lib/format-number';
import type { AnalyticsRole, DailyPoint, Kpis } from '../types';

export interface KpiDefinition {
  key: keyof Kpis;
  label: string;
  format(value: number, currency: string): string;
}

const count = (value: number) => formatCount(value);
const rate = (value: number) => formatRate(value);
const money = (value: number, currency: string) => formatMoney(value, currency);

const CLICKS: KpiDefinition = { key: 'clicks', label: 'Clicks', format: count };
const CONVERSIONS: KpiDefinition = { key: 'conversions', label: 'Conversions', format: count };
const CR: KpiDefinition = { key: 'cr', label: 'Conversion rate', format: rate };
const EPC: KpiDefinition = { key: 'epc_minor', label: 'EPC', format: money };

/** What commission means to each role: an advertiser pays it, a publisher earns it, the platform carries it. */
export const COMMISSION_LABELS: Record<AnalyticsRole, string> = {
  advertiser: 'Spend',
  publisher: 'Earnings',
  admin: 'Volume',
};

/** The headline figures of each role's dashboard, in order. */
export function kpisFor(role: AnalyticsRole): KpiDefinition[] {
  const commission: KpiDefinition = {
    key: 'commission_minor',
    label: COMMISSION_LABELS[role],
    format: money,
  };
  switch (role) {
    case 'advertiser':
      return [
        CLICKS,
        CONVERSIONS,
        CR,
        { key: 'revenue_minor', label: 'Revenue', format: money },
        commission,
        EPC,
      ];
    case 'publisher':
      return [CLICKS, CONVERSIONS, CR, commission, EPC];
    case 'admin':
      return [CLICKS, CONVERSIONS, CR, commission, { key: 'fee_minor', label: 'Fees', format: money }, EPC];
  }
}

export interface MoneySeries {
  key: keyof Pick<DailyPoint, 'revenue_minor' | 'commission_minor'>;
  label: string;
  color: string;
}

/** The money lines of the daily chart: order revenue matters to advertisers and the platform, not publishers. */
export function moneySeriesFor(role: AnalyticsRole): MoneySeries[] {
  const commission: MoneySeries = {
    key: 'commission_minor',
    label: COMMISSION_LABELS[role],
    color: 'teal.6',
  };
  if (role === 'publisher') return [commission];
  return [{ key: 'revenue_minor', label: 'Revenue', color: 'grape.6' }, commission];
}
