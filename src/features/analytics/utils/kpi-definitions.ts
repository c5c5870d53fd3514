import { formatMoney } from '../../../lib/format';
import { formatCount, formatRate } from '../../../lib/format-number';
import type { AnalyticsRole, DailyPoint, Kpis } from '../types';
import { translate } from '../../../lib/i18n';

export interface KpiDefinition {
  key: keyof Kpis;
  /** in the UI language when kpisFor() was called */
  label: string;
  format(value: number, currency: string): string;
}

const count = (value: number) => formatCount(value);
const rate = (value: number) => formatRate(value);
const money = (value: number, currency: string) => formatMoney(value, currency);

const label = (key: string) => translate('analytics', `kpi.${key}`);

/** What commission means to each role: an advertiser pays it (spend), a publisher earns it (earnings), the platform carries it (volume). */
export const commissionLabel = (role: AnalyticsRole): string => translate('analytics', `commission.${role}`);

/** The headline figures of each role's dashboard, in order. */
export function kpisFor(role: AnalyticsRole): KpiDefinition[] {
  const CLICKS: KpiDefinition = { key: 'clicks', label: label('clicks'), format: count };
  const CONVERSIONS: KpiDefinition = { key: 'conversions', label: label('conversions'), format: count };
  const CR: KpiDefinition = { key: 'cr', label: label('cr'), format: rate };
  const EPC: KpiDefinition = { key: 'epc_minor', label: label('epc'), format: money };
  const commission: KpiDefinition = {
    key: 'commission_minor',
    label: commissionLabel(role),
    format: money,
  };
  switch (role) {
    case 'advertiser':
      return [
        CLICKS,
        CONVERSIONS,
        CR,
        { key: 'revenue_minor', label: label('revenue'), format: money },
        commission,
        EPC,
      ];
    case 'publisher':
      return [CLICKS, CONVERSIONS, CR, commission, EPC];
    case 'admin':
      return [
        CLICKS,
        CONVERSIONS,
        CR,
        commission,
        { key: 'fee_minor', label: label('fees'), format: money },
        EPC,
      ];
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
    label: commissionLabel(role),
    color: 'teal.6',
  };
  if (role === 'publisher') return [commission];
  return [{ key: 'revenue_minor', label: label('revenue'), color: 'grape.6' }, commission];
}
