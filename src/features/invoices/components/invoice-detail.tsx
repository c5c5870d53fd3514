import { Alert, Button, Divider, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney, type MinorAmount } from '../../../lib/format';
import { useDownloadInvoice, type InvoiceFormat } from '../api/download-invoice';
import { useInvoice } from '../api/get-invoice';
import type { Invoice, InvoiceViewer } from '../types';
import { formatDate, formatMonth } from '../../../lib/format-date';
import { feePercent } from '../utils/format';
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
          Download PDF
        </Button>
        <Button
          variant="default"
          loading={busy('csv')}
          onClick={() => download.mutate({ invoice, format: 'csv' })}
        >
          Download CSV
        </Button>
      </Group>
      {download.error && (
        <Alert color="red" variant="light">
          {errorMessage(download.error, 'The download failed; try again.')}
        </Alert>
      )}
    </Stack>
  );
}

/** One invoice: dates, who it bills, a line per campaign, subtotal, fee and total; downloads; admin steps. */
export function InvoiceDetail({ id, viewer }: { id: string; viewer: InvoiceViewer }) {
  const { data: invoice, error, isPending } = useInvoice(id);
  if (isPending) return <Loader size="sm" aria-label="Loading the invoice" />;
  if (error || !invoice) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(error, 'Could not load the invoice.')}
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
    b.vat_id ? `VAT ID ${b.vat_id}` : null,
  ]
    .filter(Boolean)
    .join('\n');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={3}>{invoice.number}</Title>
          <Text size="sm" c="dimmed">
            Commissions of {formatMonth(invoice.month)} · {invoice.currency}
          </Text>
        </Stack>
        <InvoiceStatusBadge status={invoice.status} />
      </Group>
      {invoice.status === 'draft' && (
        <Alert variant="light" color="gray">
          A draft: the advertiser sees it once it is issued.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
        <Stack gap={4}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            Bill to
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {address || '—'}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Fact label="Created" value={formatDate(invoice.created_at)} />
          <Fact label="Issued" value={formatDate(invoice.issued_at)} />
          <Fact label="Due" value={formatDate(invoice.due_at)} />
          {invoice.paid_at && <Fact label="Paid" value={formatDate(invoice.paid_at)} />}
          {invoice.voided_at && <Fact label="Voided" value={formatDate(invoice.voided_at)} />}
        </Stack>
      </SimpleGrid>

      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing="xs" aria-label="Invoice lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Campaign</Table.Th>
              <Table.Th ta="right">Commissions</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
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
              <Table.Td colSpan={2}>Subtotal</Table.Td>
              <Table.Td ta="right">{money(invoice.subtotal_minor)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td colSpan={2}>Platform fee ({feePercent(invoice.fee_bps)})</Table.Td>
              <Table.Td ta="right">{money(invoice.fee_minor)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th colSpan={2}>Total</Table.Th>
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
