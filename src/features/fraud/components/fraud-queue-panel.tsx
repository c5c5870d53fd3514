import {
  Badge,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { TablePager } from '../../../components/table-pager';
import { useTranslation } from '../../../lib/i18n';
import { showFailure, showSuccess } from '../../../lib/toast';
import { useDecideFraudQueue } from '../api/decide-fraud-queue';
import { useFraudQueue } from '../api/get-fraud-queue';
import { useSuspendPublisher } from '../api/suspend-publisher';
import type { FraudQueueItem, FraudQueueState } from '../types';

const LIMIT = 20;

/** The review queue: held commissions with their rules, click and publisher record; decide one or many. */
export function FraudQueuePanel({ admin }: { admin: boolean }) {
  const { t } = useTranslation('fraud');
  const [state, setState] = useState<FraudQueueState>('held');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [reason, setReason] = useState('');
  const queue = useFraudQueue({ state, page, limit: LIMIT });
  const decide = useDecideFraudQueue();
  const suspend = useSuspendPublisher();
  const items = queue.data?.items ?? [];
  const total = queue.data?.total ?? 0;

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const run = (decision: 'approve' | 'reject', ids: string[]) =>
    decide.mutate(
      { commission_ids: ids, decision, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          showSuccess(
            decision === 'approve'
              ? t('approved', { count: ids.length })
              : t('rejected', { count: ids.length }),
          );
          setSelected(new Set());
          setReason('');
        },
        onError: showFailure(t('decideFailed')),
      },
    );

  const ids = [...selected];
  return (
    <Stack gap="md">
      <SegmentedControl
        value={state}
        onChange={(v) => {
          setState(v as FraudQueueState);
          setPage(1);
          setSelected(new Set());
        }}
        data={[
          { value: 'held', label: t('state.held') },
          { value: 'rejected', label: t('state.rejected') },
        ]}
      />
      {state === 'held' && (
        <Stack gap="xs">
          <Textarea
            label={t('reason')}
            description={t('reasonHint')}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group gap="xs">
            <Button
              disabled={ids.length === 0}
              loading={decide.isPending}
              onClick={() => run('approve', ids)}
            >
              {t('approveSelected', { count: ids.length })}
            </Button>
            <Button
              color="red"
              variant="light"
              disabled={ids.length === 0 || reason.trim() === ''}
              loading={decide.isPending}
              onClick={() => run('reject', ids)}
            >
              {t('rejectSelected', { count: ids.length })}
            </Button>
          </Group>
        </Stack>
      )}
      <DataTable
        minWidth={900}
        head={[
          t('col.select'),
          t('col.campaign'),
          t('col.publisher'),
          t('col.score'),
          t('col.amount'),
          t('col.rules'),
          t('col.click'),
          t('col.history'),
          t('col.actions'),
        ]}
        cards={['select', 'title', 'subtitle', 'status', 'amount', 'field', 'field', 'field', 'actions']}
      >
        <Table.Tbody>
          {items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9}>
                <Text c="dimmed">{queue.isLoading ? t('loading') : t('empty')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {items.map((item) => (
            <QueueRow
              key={item.commission_id}
              item={item}
              selectable={state === 'held'}
              checked={selected.has(item.commission_id)}
              onToggle={() => toggle(item.commission_id)}
              onSuspend={
                admin && item.publisher.status === 'active'
                  ? () =>
                      suspend.mutate(item.publisher.id, {
                        onSuccess: () => showSuccess(t('suspended', { name: item.publisher.name })),
                        onError: showFailure(t('suspendFailed')),
                      })
                  : undefined
              }
            />
          ))}
        </Table.Tbody>
      </DataTable>
      <TablePager
        label={t('pages')}
        summary={t('count', { count: total })}
        page={page}
        pages={Math.max(1, Math.ceil(total / LIMIT))}
        onChange={setPage}
      />
    </Stack>
  );
}

function QueueRow({
  item,
  selectable,
  checked,
  onToggle,
  onSuspend,
}: {
  item: FraudQueueItem;
  selectable: boolean;
  checked: boolean;
  onToggle(): void;
  onSuspend?: () => void;
}) {
  const { t } = useTranslation('fraud');
  const h = item.publisher_history;
  return (
    <Table.Tr>
      <Table.Td>
        {selectable && (
          <Checkbox
            aria-label={t('select', { id: item.commission_id })}
            checked={checked}
            onChange={onToggle}
          />
        )}
      </Table.Td>
      <Table.Td>{item.campaign.name}</Table.Td>
      <Table.Td>
        {item.publisher.name}
        {item.publisher.status !== 'active' && (
          <Badge ml="xs" color="gray" size="xs">
            {item.publisher.status}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={item.on_review ? 'orange' : 'red'}>{t('score', { score: item.fraud_score })}</Badge>
      </Table.Td>
      <Table.Td>
        <Money amountMinor={item.amount_minor} currency={item.currency} />
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {item.fraud_reasons.map((r) => (
            <Text key={r.rule} size="sm">
              <b>{t(`rule.${r.rule}`)}</b> (+{r.weight}): {r.detail}
            </Text>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        {item.click ? (
          <Text size="xs" c="dimmed">
            {new Date(item.click.created_at).toLocaleString()} · {item.click.country ?? '–'} ·{' '}
            {item.conversion ? `${t('order')} ${item.conversion.order_id}` : t('cpcClick')}
          </Text>
        ) : (
          '–'
        )}
      </Table.Td>
      <Table.Td>
        <Text size="xs">
          {t('history', {
            approved: h.approved,
            rejected: h.rejected,
            held: h.held,
            fraud: h.rejected_for_fraud,
            clicks: h.clicks_30d,
            conversions: h.conversions_30d,
          })}
        </Text>
      </Table.Td>
      <Table.Td>
        {onSuspend && (
          <Button size="xs" color="red" variant="subtle" onClick={onSuspend}>
            {t('suspend')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
