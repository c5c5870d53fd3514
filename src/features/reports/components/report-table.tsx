import { Table, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { nextSort, SortableTh, type SortState } from '../../../components/sortable-th';
import { formatMoney } from '../../../lib/format';
import { formatCount, formatRate } from '../../../lib/format-number';
import { useTranslation } from '../../../lib/i18n';
import {
  commissionLabel,
  isTimeGrouping,
  type Report,
  type ReportFigures,
  type ReportViewer,
} from '../types';
import { rowLabel } from '../utils/row-label';
import { sortRows, type ReportSortField } from '../utils/sort-rows';

interface Column {
  field: Exclude<ReportSortField, 'label'>;
  label: string;
  format(figures: ReportFigures): string;
}

/** `cappedLabel`: the column of conversions over a publisher's cap, shown only when the report has some. */
function columnsFor(viewer: ReportViewer, t: (key: string) => string, cappedLabel: string | null): Column[] {
  const money = (key: 'revenue_minor' | 'commission_minor' | 'epc_minor') => (f: ReportFigures) =>
    formatMoney(f[key], f.currency);
  const capped: Column[] = cappedLabel
    ? [{ field: 'capped', label: cappedLabel, format: (f) => formatCount(f.capped) }]
    : [];
  return [
    { field: 'clicks', label: t('figure.clicks'), format: (f) => formatCount(f.clicks) },
    { field: 'unique_clicks', label: t('figure.uniqueClicks'), format: (f) => formatCount(f.unique_clicks) },
    { field: 'conversions', label: t('figure.conversions'), format: (f) => formatCount(f.conversions) },
    ...capped,
    { field: 'cr', label: t('figure.cr'), format: (f) => formatRate(f.cr) },
    { field: 'revenue_minor', label: t('figure.revenue'), format: money('revenue_minor') },
    { field: 'commission_minor', label: commissionLabel(viewer), format: money('commission_minor') },
    { field: 'epc_minor', label: t('figure.epc'), format: money('epc_minor') },
  ];
}

/** The report's rows, sortable by any column (headers are buttons), with the totals underneath. */
export function ReportTable({ report, viewer }: { report: Report; viewer: ReportViewer }) {
  const { t } = useTranslation('reports');
  const { t: tc } = useTranslation('caps');
  const [sort, setSort] = useState<SortState<ReportSortField> | null>(null);
  const columns = columnsFor(viewer, t, report.totals.capped > 0 ? tc('report.capped') : null);
  const timeOrder = isTimeGrouping(report.group_by);
  const rows = sortRows(report.rows, sort, timeOrder);
  // Names read A→Z and dates oldest first on a first click; figures start with the largest.
  const onSort = (field: ReportSortField) =>
    setSort((s) => nextSort(s, field, field === 'label' ? 'asc' : 'desc'));

  if (report.rows.length === 0) {
    return <Text c="dimmed">{t('table.empty')}</Text>;
  }
  return (
    <DataTable
      minWidth={860}
      aria-label={t('table.label')}
      striped
      highlightOnHover
      verticalSpacing="xs"
      cards={[
        'title',
        ...columns.map((column) =>
          column.field === 'commission_minor' ? { amount: column.label } : { field: column.label },
        ),
      ]}
    >
      <Table.Thead>
        <Table.Tr>
          <SortableTh field="label" sort={sort} onSort={onSort}>
            {t(`groupBy.${report.group_by}`)}
          </SortableTh>
          {columns.map((column) => (
            <SortableTh key={column.field} field={column.field} sort={sort} onSort={onSort} align="right">
              {column.label}
            </SortableTh>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" fw={500}>
              {rowLabel(report.group_by, row)}
            </Table.Th>
            {columns.map((column) => (
              <Table.Td key={column.field} ta="right">
                {column.format(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr fw={700}>
          <Table.Th scope="row">{t('total')}</Table.Th>
          {columns.map((column) => (
            <Table.Td key={column.field} ta="right">
              {column.format(report.totals)}
            </Table.Td>
          ))}
        </Table.Tr>
      </Table.Tfoot>
    </DataTable>
  );
}
