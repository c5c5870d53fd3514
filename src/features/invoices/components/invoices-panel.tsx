import { Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useUiPreferences } from '../../../lib/ui-preferences';
import { useAdvertiserOptions } from '../api/get-advertiser-options';
import { useInvoices } from '../api/get-invoices';
import { DEFAULT_INVOICE_FILTERS, type InvoiceFilters, type InvoiceViewer } from '../types';
import { GenerateInvoicesModal } from './generate-invoices-modal';
import { InvoiceDetail } from './invoice-detail';
import { InvoiceFiltersBar } from './invoice-filters';
import { InvoicesTable } from './invoices-table';
import { TablePager } from '../../../components/table-pager';

interface InvoicesPanelProps {
  viewer: InvoiceViewer;
  /** the invoice whose detail is open (the page keeps it in the URL, so a notification can link to it) */
  openId: string | null;
  onOpen(id: string | null): void;
}

const plural = (n: number) => `${n} ${n === 1 ? 'invoice' : 'invoices'}`;

/** /invoices: filters, the paged list with status badges, the detail in a drawer; admins generate. */
export function InvoicesPanel({ viewer, openId, onOpen }: InvoicesPanelProps) {
  const [{ tablePageSize: limit }] = useUiPreferences();
  const [filters, setFilters] = useState<InvoiceFilters>(DEFAULT_INVOICE_FILTERS);
  const [page, setPage] = useState(1);
  const [generating, setGenerating] = useState(false);
  const admin = viewer === 'admin';
  const list = useInvoices({ ...filters, page, limit });
  const advertisers = useAdvertiserOptions({ enabled: admin });
  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / limit)) : 1;
  const filtered = filters.status !== 'all' || filters.month !== null || filters.advertiser_id !== null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <InvoiceFiltersBar
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
          advertiserOptions={admin ? (advertisers.data ?? []) : undefined}
          statuses={admin ? undefined : ['issued', 'paid', 'void']}
        />
        {admin && <Button onClick={() => setGenerating(true)}>Generate invoices</Button>}
      </Group>

      {list.error && !list.data && (
        <LoadErrorAlert
          title="Could not load the invoices"
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.isPending && <Loader size="sm" aria-label="Loading invoices" />}
      {list.data && items.length === 0 && (
        <Text c="dimmed">
          {filtered
            ? 'No invoices match these filters.'
            : admin
              ? 'No invoices yet. Drafts of last month appear on the 1st, or generate them now.'
              : 'No invoices yet. Each month’s approved commissions are invoiced early in the next month.'}
        </Text>
      )}
      {items.length > 0 && <InvoicesTable items={items} viewer={viewer} onOpen={(i) => onOpen(i.id)} />}
      {list.data && list.data.total > 0 && (
        <TablePager
          label="Pages of invoices"
          summary={plural(list.data.total)}
          page={page}
          pages={pages}
          onChange={setPage}
        />
      )}

      <Drawer
        opened={openId !== null}
        onClose={() => onOpen(null)}
        position="right"
        size="lg"
        title="Invoice"
      >
        {openId && <InvoiceDetail id={openId} viewer={viewer} />}
      </Drawer>
      {admin && (
        <GenerateInvoicesModal
          key={generating ? 'open' : 'closed'}
          opened={generating}
          onClose={() => setGenerating(false)}
          advertiserOptions={advertisers.data ?? []}
        />
      )}
    </Stack>
  );
}
