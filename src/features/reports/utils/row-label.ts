import { formatDate, formatMonth } from '../../../lib/format-date';
import type { GroupBy, ReportRow } from '../types';

/**
 * A row's name as the table and its summary show it: the API's period keys ('2026-10-29', week starts,
 * '2026-10') written like every other date in the app ('Oct 29, 2026', 'Week of Oct 26, 2026',
 * 'October 2026'); other groupings' labels as the API gives them. The CSV keeps the keys.
 */
export function rowLabel(groupBy: GroupBy, row: Pick<ReportRow, 'key' | 'label'>): string {
  if (groupBy === 'month' && /^\d{4}-\d{2}$/.test(row.key)) return formatMonth(row.key);
  if ((groupBy === 'day' || groupBy === 'week') && /^\d{4}-\d{2}-\d{2}$/.test(row.key)) {
    const day = formatDate(row.key);
    return groupBy === 'week' ? `Week of ${day}` : day;
  }
  return row.label;
}
