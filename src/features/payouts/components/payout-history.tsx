import { Alert, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { TablePager } from '../../../components/table-pager';
import { errorMessage } from '../../../lib/api-client';
import { usePayouts } from '../api/get-payouts';
import { HISTORY_FILTERS, type Payout } from '../types';
import { translate, useTranslation } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { plural } from '../utils/format';
import { PayoutDetailsModal } from './payout-details-modal';
import { PayoutStatusBadge } from './payout-status-badge';
import { StatementButton } from './statement-button';

const PAGE_SIZE = 10;

/** When the payout last moved: paid, failed, approved or requested. */
function lastStep(p: Payout): string {
  if (p.status === 'paid') return translate('payouts', 'history.paid', { date: formatDate(p.paid_at) });
  if (p.status === 'failed') return translate('payouts', 'history.failed', { date: formatDate(p.failed_at) });
  if (p.status === 'processing')
    return translate('payouts', 'history.approved', { date: formatDate(p.approved_at) });
  return translate('payouts', 'history.waiting');
}

/** A publisher's payouts, newest first: state, amount, method, reference, statement of a paid one. */
export function PayoutHistory() {
  const { t } = useTranslation('payouts');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Payout | null>(null);
  const list = usePayouts({ ...HISTORY_FILTERS, page, limit: PAGE_SIZE });
  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return (
    <Card withBorder component="section" aria-labelledby="payout-history-heading">
      <Stack gap="xs">
        <Title order={2} size="h4" id="payout-history-heading">
          {t('history.title')}
        </Title>
        {list.isPending && <Loader size="sm" aria-label={t('history.loading')} />}
        {list.error && (
          <Alert color="red" variant="light">
            {errorMessage(list.error, t('history.error'))}
          </Alert>
        )}
        {list.data && items.length === 0 && <Text c="dimmed">{t('history.empty')}</Text>}
        {items.length > 0 && (
          <DataTable
            minWidth={720}
            verticalSpacing="sm"
            aria-label={t('history.label')}
            stickyActions
            cards={[
              'title',
              'amount',
              'status',
              { field: t('col.method') },
              { field: t('col.reference') },
              'actions',
            ]}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('col.requested')}</Table.Th>
                <Table.Th ta="right">{t('col.amount')}</Table.Th>
                <Table.Th>{t('col.status')}</Table.Th>
                <Table.Th>{t('col.method')}</Table.Th>
                <Table.Th>{t('col.reference')}</Table.Th>
                <Table.Th>{t('col.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{formatDate(p.created_at)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    <Money amountMinor={p.amount_minor} currency={p.currency} />
                    <Text size="xs" c="dimmed" fw={400}>
                      {plural(p.commission_count, 'commission')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2} align="flex-start">
                      <PayoutStatusBadge status={p.status} />
                      <Text size="xs" c="dimmed">
                        {lastStep(p)}
                      </Text>
                      {p.failure_reason && (
                        <Text size="xs" c="red">
                          {p.failure_reason}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{p.payout_method ? t(`method.${p.payout_method}`) : '—'}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.reference ?? '—'}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setOpen(p)}
                        aria-label={t('history.details', { date: formatDate(p.created_at) })}
                      >
                        {t('row.details')}
                      </Button>
                      {p.status === 'paid' && <StatementButton payoutId={p.id} />}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </DataTable>
        )}
        {list.data && pages > 1 && (
          <TablePager
            size="sm"
            label={t('history.pages')}
            summary={plural(list.data.total, 'payout')}
            page={page}
            pages={pages}
            onChange={setPage}
          />
        )}
      </Stack>
      <PayoutDetailsModal payout={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
