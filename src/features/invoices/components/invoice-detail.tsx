import { Alert, Button, Divider, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney, type MinorAmount } from '../../../lib/format';
import { useDownloadInvoice, type InvoiceFormat } from '../api/download-invoice';
import { useInvoice } from '../api/get-invoice';
import type { Invoice, InvoiceViewer } from '../types';
import { formatDate, formatMonth } from '../../../lib/format-date';
import { feePercent } from '../utils/format';
import { useTranslation } from '../../../lib/i18n';
import { InvoiceActions } from './invoice-actions';
import { InvoiceStatusBadge } from './invoice-status-badge';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
}

function Downloads({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const download = useDownloadInvoice();
  const busy = (format: InvoiceFormat) => download.isPending && download.variables?.format === format;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          variant="default"
          loading={busy('pdf')}
          onClick={() => download.mutate({ invoice, format: 'pdf' })}
        >
          {t('download.pdf')}
        </Button>
        <Button
          variant="default"
          loading={busy('csv')}
          onClick={() => download.mutate({ invoice, format: 'csv' })}
        >
          {t('download.csv')}
        </Button>
      </Group>
      {download.error && (
        <Alert color="red" variant="light">
          {errorMessage(download.error, t('download.failed'))}
        </Alert>
      )}
    </Stack>
  );
}

/** One invoice: dates, who it bills, a line per campaign, subtotal, fee and total; downloads; admin steps. */
export function InvoiceDetail({ id, viewer }: { id: string; viewer: InvoiceViewer }) {
  const { t } = useTranslation('invoices');
  const { data: invoice, error, isPending } = useInvoice(id);
  if (isPending) return <Loader size="sm" aria-label={t('detail.loading')} />;
  if (error || !invoice) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(error, t('detail.loadError'))}
      </Alert>
    );
  }
  const money = (minor: MinorAmount) => formatMoney(minor, invoice.currency);
  const b = invoice.billing;
  const address = [
    b.company_name,
    b.name,
    b.billing_address,
    b.country,
    b.vat_id ? t('detail.vatId', { id: b.vat_id }) : null,
  ]
    .filter(Boolean)
    .join('\n');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={3}>{invoice.number}</Title>
          <Text size="sm" c="dimmed">
            {t('detail.period', { month: formatMonth(invoice.month), currency: invoice.currency })}
          </Text>
        </Stack>
        <InvoiceStatusBadge status={invoice.status} />
      </Group>
      {invoice.status === 'draft' && (
        <Alert variant="light" color="gray">
          {t('detail.draft')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
        <Stack gap={4}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {t('detail.billTo')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {address || '—'}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Fact label={t('detail.created')} value={formatDate(invoice.created_at)} />
          <Fact label={t('detail.issued')} value={formatDate(invoice.issued_at)} />
          <Fact label={t('detail.due')} value={formatDate(invoice.due_at)} />
          {invoice.paid_at && <Fact label={t('detail.paid')} value={formatDate(invoice.paid_at)} />}
          {invoice.voided_at && <Fact label={t('detail.voided')} value={formatDate(invoice.voided_at)} />}
        </Stack>
      </SimpleGrid>

      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing="xs" aria-label={t('detail.lines')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('detail.campaign')}</Table.Th>
              <Table.Th ta="right">{t('detail.commissions')}</Table.Th>
              <Table.Th ta="right">{t('detail.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((line) => (
              <Table.Tr key={line.campaign_id}>
                <Table.Td>{line.campaign_name}</Table.Td>
                <Table.Td ta="right">{line.commissions}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(line.amount_minor)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Td colSpan={2}>{t('detail.subtotal')}</Table.Td>
              <Table.Td ta="right">{money(invoice.subtotal_minor)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td colSpan={2}>{t('detail.fee', { percent: feePercent(invoice.fee_bps) })}</Table.Td>
              <Table.Td ta="right">{money(invoice.fee_minor)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th colSpan={2}>{t('detail.total')}</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(invoice.total_minor)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>

      <Downloads invoice={invoice} />
      {viewer === 'admin' && (
        <>
          <Divider />
          <InvoiceActions invoice={invoice} />
        </>
      )}
    </Stack>
  );
}
