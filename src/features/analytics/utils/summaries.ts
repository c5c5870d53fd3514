import { formatFullDay, formatRange } from '../../../lib/date-range';
import { formatMoney, minorValue } from '../../../lib/format';
import { formatCount } from '../../../lib/format-number';
import type { DailyPoint } from '../types';
import type { MoneySeries } from './kpi-definitions';

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
  const peak =
    top && top.clicks > 0 ? `; most clicks on ${formatFullDay(top.date)} (${formatCount(top.clicks)})` : '';
  return `Daily clicks and conversions, ${formatRange(range)}: ${formatCount(sum(series, 'clicks'))} clicks and ${formatCount(sum(series, 'conversions'))} conversions in total${peak}.`;
}

/** The money chart in words: each line's total over the range. */
export function moneySummary(
  series: DailyPoint[],
  lines: MoneySeries[],
  range: { from: string; to: string },
  currency: string,
): string {
  const totals = lines.map(
    (line) => `${line.label.toLowerCase()} ${formatMoney(sum(series, line.key), currency)}`,
  );
  return `Daily ${lines.map((line) => line.label.toLowerCase()).join(' and ')}, ${formatRange(range)}: ${totals.join(', ')} in total.`;
}
