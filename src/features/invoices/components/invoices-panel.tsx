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
import { useTranslation } from '../../../lib/i18n';

interface InvoicesPanelProps {
  viewer: InvoiceViewer;
  /** the invoice whose detail is open (the page keeps it in the URL, so a notification can link to it) */
  openId: string | null;
  onOpen(id: string | null): void;
}

/** /invoices: filters, the paged list with status badges, the detail in a drawer; admins generate. */
export function InvoicesPanel({ viewer, openId, onOpen }: InvoicesPanelProps) {
  const { t } = useTranslation('invoices');
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
        {admin && <Button onClick={() => setGenerating(true)}>{t('generate.button')}</Button>}
      </Group>

      {list.error && !list.data && (
        <LoadErrorAlert
          title={t('list.loadError')}
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.isPending && <Loader size="sm" aria-label={t('list.loading')} />}
      {list.data && items.length === 0 && (
        <Text c="dimmed">
          {filtered ? t('list.noMatch') : admin ? t('list.emptyAdmin') : t('list.emptyAdvertiser')}
        </Text>
      )}
      {items.length > 0 && <InvoicesTable items={items} viewer={viewer} onOpen={(i) => onOpen(i.id)} />}
      {list.data && list.data.total > 0 && (
        <TablePager
          label={t('list.pages')}
          summary={t('count', { count: list.data.total })}
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
        title={t('drawer.title')}
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
