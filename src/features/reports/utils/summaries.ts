import { formatRange } from '../../../lib/date-range';
import { formatMoney } from '../../../lib/format';
import { formatCount } from '../../../lib/format-number';
import { GROUP_BY_LABELS, type Report, type ReportRow } from '../types';
import { rowLabel } from './row-label';

/** A time report's chart in words: totals and the busiest period. */
export function timeSummary(report: Report): string {
  const top = report.rows.reduce<ReportRow | undefined>(
    (best, row) => (!best || row.clicks > best.clicks ? row : best),
    undefined,
  );
  const unit = GROUP_BY_LABELS[report.group_by].toLowerCase();
  const peak =
    top && top.clicks > 0
      ? `; the ${unit} with most clicks is ${rowLabel(report.group_by, top)} (${formatCount(top.clicks)})`
      : '';
  return `Clicks and conversions by ${unit}, ${formatRange(report)}: ${formatCount(report.totals.clicks)} clicks and ${formatCount(report.totals.conversions)} conversions${peak}.`;
}

/** A ranking's chart in words: the bars in order with their amounts. */
export function rankingSummary(rows: ReportRow[], report: Report, moneyLabel: string): string {
  const unit = GROUP_BY_LABELS[report.group_by].toLowerCase();
  const bars = rows
    .map((row) => `${row.label} ${formatMoney(row.commission_minor, row.currency)}`)
    .join(', ');
  return `${moneyLabel} by ${unit}, ${formatRange(report)}, highest first: ${bars}.`;
}
