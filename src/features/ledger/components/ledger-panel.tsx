import {
  Alert,
  Button,
  Card,
  Code,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { TablePager } from '../../../components/table-pager';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { showFailure } from '../../../lib/toast';
import { useDownloadLedgerExport } from '../api/download-ledger-export';
import { useLedger } from '../api/get-ledger';
import { useLedgerHead } from '../api/get-ledger-head';
import type { LedgerKind } from '../types';

const PAGE_SIZE = 10;

const KIND_COLORS: Record<LedgerKind, string> = {
  'commission.created': 'gray',
  'commission.approved': 'green',
  'commission.rejected': 'red',
  'commission.reversed': 'orange',
  'commission.clawback': 'orange',
  'payout.requested': 'blue',
  'payout.paid': 'teal',
  'payout.failed': 'red',
};

/** A hash short enough for a table cell; the whole one is in the title and the export. */
const short = (hash: string) => `${hash.slice(0, 12)}…`;

/**
 * The publisher's earnings ledger: its head (sequence number and hash, which payout statements print too),
 * every entry newest first with the balance it left, and the export `npm run ledger:verify` checks.
 */
export function LedgerPanel() {
  const { t } = useTranslation('ledger');
  const [page, setPage] = useState(1);
  const head = useLedgerHead();
  const list = useLedger({ page, limit: PAGE_SIZE });
  const download = useDownloadLedgerExport();
  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return (
    <Card withBorder component="section" aria-labelledby="ledger-heading">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4" id="ledger-heading">
              {t('title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('intro')}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="light"
            loading={download.isPending}
            onClick={() => download.mutate(undefined, { onError: showFailure(t('export.failed')) })}
          >
            {t('export.button')}
          </Button>
        </Group>
        {head.data && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('head', { seq: head.data.seq })} <Code>{head.data.hash}</Code>
          </Text>
        )}
        {(list.isPending || head.isPending) && <Loader size="sm" aria-label={t('loading')} />}
        {list.error && (
          <Alert color="red" variant="light">
            {errorMessage(list.error, t('loadFailed'))}
          </Alert>
        )}
        {list.data && items.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
        {items.length > 0 && (
          <DataTable
            minWidth={760}
            verticalSpacing="sm"
            aria-label={t('table')}
            cards={['title', 'status', 'amount', { field: t('column.balance') }, { field: t('column.hash') }]}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('column.entry')}</Table.Th>
                <Table.Th>{t('column.kind')}</Table.Th>
                <Table.Th ta="right">{t('column.amount')}</Table.Th>
                <Table.Th ta="right">{t('column.balance')}</Table.Th>
                <Table.Th>{t('column.hash')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((e) => (
                <Table.Tr key={e.seq}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      #{e.seq}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(e.at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge color={KIND_COLORS[e.kind] ?? 'gray'}>{t(`kind.${e.kind}`)}</StatusBadge>
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatMoney(e.amount_minor, e.currency)}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(e.balance_minor, e.currency)}</Table.Td>
                  <Table.Td>
                    <Code title={e.hash}>{short(e.hash)}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </DataTable>
        )}
        {list.data && pages > 1 && (
          <TablePager
            size="sm"
            label={t('pages')}
            summary={t('count', { count: list.data.total })}
            page={page}
            pages={pages}
            onChange={setPage}
          />
        )}
      </Stack>
    </Card>
  );
}
