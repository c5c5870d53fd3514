import { formatFullDay, formatRange } from '../../../lib/date-range';
import { formatMoney, minorValue } from '../../../lib/format';
import { formatCount } from '../../../lib/format-number';
import type { DailyPoint } from '../types';
import type { MoneySeries } from './kpi-definitions';
import { translate } from '../../../lib/i18n';

function busiest(series: DailyPoint[], key: keyof Omit<DailyPoint, 'date'>): DailyPoint | undefined {
  return series.reduce<DailyPoint | undefined>(
    (best, point) => (!best || point[key] > best[key] ? point : best),
    undefined,
  );
}

const sum = (series: DailyPoint[], key: keyof Omit<DailyPoint, 'date'>) =>
  series.reduce((total, point) => total + minorValue(point[key]), 0);

/** The traffic chart in words: totals over the range and its busiest day. */
export function trafficSummary(series: DailyPoint[], range: { from: string; to: string }): string {
  const top = busiest(series, 'clicks');
  const values = {
    range: formatRange(range),
    clicks: formatCount(sum(series, 'clicks')),
    conversions: formatCount(sum(series, 'conversions')),
  };
  return top && top.clicks > 0
    ? translate('analytics', 'summary.trafficPeak', {
        ...values,
        day: formatFullDay(top.date),
        peak: formatCount(top.clicks),
      })
    : translate('analytics', 'summary.traffic', values);
}

/** The money chart in words: each line's total over the range. */
export function moneySummary(
  series: DailyPoint[],
  lines: MoneySeries[],
  range: { from: string; to: string },
  currency: string,
): string {
  const totals = lines.map((line) =>
    translate('analytics', 'summary.total', {
      label: line.label.toLowerCase(),
      amount: formatMoney(sum(series, line.key), currency),
    }),
  );
  const names = lines.map((line) => line.label.toLowerCase());
  const what =
    names.length > 1
      ? translate('analytics', 'chart.moneyTwo', { first: names[0], second: names[1] })
      : (names[0] ?? '');
  return translate('analytics', 'summary.money', {
    what,
    range: formatRange(range),
    totals: totals.join(', '),
  });
}
