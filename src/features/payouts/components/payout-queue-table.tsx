import { Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { RowMenu } from '../../../components/row-menu';
import { Money } from '../../../components/money';
import type { Payout } from '../types';
import { useTranslation } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { usePhone } from '../../../lib/use-phone';
import { plural } from '../utils/format';
import { PayoutStatusBadge } from './payout-status-badge';

export type RowAction = 'approve' | 'paid' | 'failed' | 'details';

/** Only open payouts can be decided, so only they can be ticked. */
export const isSelectable = (p: Payout) => p.status === 'requested' || p.status === 'processing';

interface PayoutQueueTableProps {
  items: Payout[];
  selected: ReadonlySet<string>;
  /** the payout whose single decision is being sent */
  busyId: string | null;
  onSelect(ids: string[], on: boolean): void;
  onAction(payout: Payout, action: RowAction): void;
}

export function PayoutQueueTable({ items, selected, busyId, onSelect, onAction }: PayoutQueueTableProps) {
  const { t } = useTranslation('payouts');
  const selectable = items.filter(isSelectable);
  const ticked = selectable.filter((p) => selected.has(p.id)).length;
  const phone = usePhone();
  return (
    <DataTable
      minWidth={1060}
      verticalSpacing="sm"
      aria-label={t('queue.label')}
      stickyActions
      cards={[
        'select',
        { field: t('col.requested') },
        'title',
        'amount',
        { field: t('col.payTo') },
        'status',
        'actions',
      ]}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>
            <Checkbox
              aria-label={t('queue.selectPage')}
              disabled={selectable.length === 0}
              checked={selectable.length > 0 && ticked === selectable.length}
              indeterminate={ticked > 0 && ticked < selectable.length}
              onChange={(event) =>
                onSelect(
                  selectable.map((p) => p.id),
                  event.currentTarget.checked,
                )
              }
            />
          </Table.Th>
          <Table.Th>{t('col.requested')}</Table.Th>
          <Table.Th>{t('col.publisher')}</Table.Th>
          <Table.Th ta="right">{t('col.amount')}</Table.Th>
          <Table.Th>{t('col.payTo')}</Table.Th>
          <Table.Th>{t('col.status')}</Table.Th>
          <Table.Th>{t('col.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((p) => {
          const who = `${p.publisher_name}, ${formatDate(p.created_at)}`;
          const busy = busyId === p.id;
          return (
            <Table.Tr key={p.id}>
              <Table.Td>
                {isSelectable(p) && (
                  <Checkbox
                    aria-label={t('queue.select', { who })}
                    checked={selected.has(p.id)}
                    onChange={(event) => onSelect([p.id], event.currentTarget.checked)}
                  />
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.created_at)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {p.publisher_name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {p.publisher_email}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={600}>
                  <Money amountMinor={p.amount_minor} currency={p.currency} />
                </Text>
                <Text size="xs" c="dimmed">
                  {plural(p.commission_count, 'commission')}
                </Text>
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm">{p.payout_method ? t(`method.${p.payout_method}`) : '—'}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {p.payout_details ?? ''}
                </Text>
              </Table.Td>
              <Table.Td miw={130} maw={220}>
                <Stack gap={2} align="flex-start">
                  <PayoutStatusBadge status={p.status} />
                  {p.reference && (
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {t('queue.ref', { reference: p.reference })}
                    </Text>
                  )}
                  {p.failure_reason && (
                    <Text size="xs" c="red">
                      {p.failure_reason}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {p.status === 'requested' && (
                    <Button
                      size="xs"
                      color="green"
                      loading={busy}
                      onClick={() => onAction(p, 'approve')}
                      aria-label={t('queue.approveLabel', { who })}
                    >
                      {t('queue.approve')}
                    </Button>
                  )}
                  {p.status === 'processing' && (
                    <Button
                      size="xs"
                      color="green"
                      disabled={busy}
                      onClick={() => onAction(p, 'paid')}
                      aria-label={t('queue.payLabel', { who })}
                    >
                      {t('queue.pay')}
                    </Button>
                  )}
                  {phone ? (
                    // on a phone's card the decision stays a button, the rest go behind "…"
                    <RowMenu
                      label={t('queue.more', { who })}
                      items={[
                        ...(isSelectable(p)
                          ? [
                              {
                                label: t('queue.failMenu'),
                                color: 'red',
                                onClick: () => onAction(p, 'failed'),
                              },
                            ]
                          : []),
                        { label: t('row.details'), onClick: () => onAction(p, 'details') },
                      ]}
                    />
                  ) : (
                    <>
                      {isSelectable(p) && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          disabled={busy}
                          onClick={() => onAction(p, 'failed')}
                          aria-label={t('queue.failLabel', { who })}
                        >
                          {t('queue.fail')}
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => onAction(p, 'details')}
                        aria-label={t('queue.detailsLabel', { who })}
                      >
                        {t('row.details')}
                      </Button>
                    </>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </DataTable>
  );
}
