import { formatDay, formatFullDay, isDay, isMonth } from '../../../lib/date-range';
import { formatMonth } from '../../../lib/format-date';
import { translate } from '../../../lib/i18n';
import type { GroupBy, ReportRow } from '../types';

/**
 * A time report's period key ('2026-10-29', a week's first day, '2026-10') written like every other
 * date in the app: 'Oct 29, 2026', 'Week of Oct 26, 2026', 'October 2026'; `short` for the chart's axis
 * ('Oct 29', 'Week of Oct 26', 'Oct 2026'). Null for a key of another shape or grouping.
 */
export function periodLabel(groupBy: GroupBy, key: string, short = false): string | null {
  if (groupBy === 'month' && isMonth(key)) return formatMonth(key, short);
  if ((groupBy === 'day' || groupBy === 'week') && isDay(key)) {
    const day = short ? formatDay(key) : formatFullDay(key);
    return groupBy === 'week' ? translate('reports', 'weekOf', { day }) : day;
  }
  return null;
}

/** A row's name as the table and its summary show it; the CSV keeps the keys. */
export const rowLabel = (groupBy: GroupBy, row: Pick<ReportRow, 'key' | 'label'>): string =>
  periodLabel(groupBy, row.key) ?? row.label;
