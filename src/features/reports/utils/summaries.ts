import { formatRange } from '../../../lib/date-range';
import { formatMoney } from '../../../lib/format';
import { formatCount } from '../../../lib/format-number';
import { translate } from '../../../lib/i18n';
import { groupByLabel, type Report, type ReportRow } from '../types';
import { rowLabel } from './row-label';

/** A time report's chart in words: totals and the busiest period. */
export function timeSummary(report: Report): string {
  const top = report.rows.reduce<ReportRow | undefined>(
    (best, row) => (!best || row.clicks > best.clicks ? row : best),
    undefined,
  );
  const values = {
    unit: groupByLabel(report.group_by).toLowerCase(),
    range: formatRange(report),
    clicks: formatCount(report.totals.clicks),
    conversions: formatCount(report.totals.conversions),
  };
  return top && top.clicks > 0
    ? translate('reports', 'summary.timePeak', {
        ...values,
        top: rowLabel(report.group_by, top),
        topClicks: formatCount(top.clicks),
      })
    : translate('reports', 'summary.time', values);
}

/** A ranking's chart in words: the bars in order with their amounts. */
export function rankingSummary(rows: ReportRow[], report: Report, moneyLabel: string): string {
  const bars = rows
    .map((row) => `${row.label} ${formatMoney(row.commission_minor, row.currency)}`)
    .join(', ');
  return translate('reports', 'summary.ranking', {
    money: moneyLabel,
    unit: groupByLabel(report.group_by).toLowerCase(),
    range: formatRange(report),
    bars,
  });
}
