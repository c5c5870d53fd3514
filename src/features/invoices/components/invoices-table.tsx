import { Anchor, Table, Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { formatMoney } from '../../../lib/format';
import type { Invoice, InvoiceViewer } from '../types';
import { formatDate, formatMonth } from '../../../lib/format-date';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { useTranslation } from '../../../lib/i18n';

interface InvoicesTableProps {
  items: Invoice[];
  viewer: InvoiceViewer;
  onOpen(invoice: Invoice): void;
}

/** One row per invoice; the number opens its detail. Amounts stay in the invoice's own currency. */
export function InvoicesTable({ items, viewer, onOpen }: InvoicesTableProps) {
  const { t } = useTranslation('invoices');
  return (
    <DataTable
      minWidth={640}
      striped
      highlightOnHover
      verticalSpacing="xs"
      aria-label={t('table.label')}
      cards={[
        'title',
        'status',
        'amount',
        { field: t('col.month') },
        ...(viewer === 'admin' ? (['subtitle'] as const) : []),
        { field: t('col.issued') },
        { field: t('col.due') },
      ]}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('col.invoice')}</Table.Th>
          <Table.Th>{t('col.status')}</Table.Th>
          <Table.Th ta="right">{t('col.total')}</Table.Th>
          <Table.Th>{t('col.month')}</Table.Th>
          {viewer === 'admin' && <Table.Th>{t('col.advertiser')}</Table.Th>}
          <Table.Th>{t('col.issued')}</Table.Th>
          <Table.Th>{t('col.due')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((invoice) => (
          <Table.Tr key={invoice.id}>
            <Table.Td>
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={500}
                style={{ whiteSpace: 'nowrap' }}
                onClick={() => onOpen(invoice)}
              >
                {invoice.number}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <InvoiceStatusBadge status={invoice.status} />
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(invoice.total_minor, invoice.currency)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatMonth(invoice.month)}
              </Text>
            </Table.Td>
            {viewer === 'admin' && (
              <Table.Td>
                <Text size="sm">{invoice.billing.company_name ?? invoice.advertiser_name}</Text>
              </Table.Td>
            )}
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDate(invoice.issued_at)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDate(invoice.due_at)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}
