import type { SortState } from '../../../components/sortable-th';
import type { ReportRow } from '../types';
import { minorValue } from '../../../lib/format';

export type ReportSortField =
  | 'label'
  | 'clicks'
  | 'unique_clicks'
  | 'conversions'
  | 'capped'
  | 'cr'
  | 'revenue_minor'
  | 'commission_minor'
  | 'epc_minor';

/**
 * Rows in the chosen order; without one, in the server's (time order, or commission high to low).
 * Time groupings sort their label column by key, so '2025-03-10' follows '2025-03-09' whatever the label says.
 */
export function sortRows(
  rows: ReportRow[],
  sort: SortState<ReportSortField> | null,
  byKey: boolean,
): ReportRow[] {
  if (!sort) return rows;
  const direction = sort.order === 'asc' ? 1 : -1;
  const compare = (a: ReportRow, b: ReportRow): number => {
    if (sort.field === 'label') {
      return byKey
        ? a.key.localeCompare(b.key)
        : a.label.localeCompare(b.label, undefined, { sensitivity: 'base' });
    }
    return minorValue(a[sort.field]) - minorValue(b[sort.field]);
  };
  return [...rows].sort((a, b) => compare(a, b) * direction || a.key.localeCompare(b.key));
}
