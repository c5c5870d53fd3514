import { Button, Group, Modal, SegmentedControl, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FRAUD_REASON_LENGTH } from '../../../../contracts/fraud-schema';
import { DataTable } from '../../../components/data-table';
import { ReasonForm } from '../../../components/reason-form';
import { TablePager } from '../../../components/table-pager';
import { useTranslation } from '../../../lib/i18n';
import { showFailure, showSuccess } from '../../../lib/toast';
import { useDecideFraudQueue } from '../api/decide-fraud-queue';
import { useFraudQueue } from '../api/get-fraud-queue';
import { useSuspendPublisher } from '../api/suspend-publisher';
import type { FraudQueueItem, FraudQueueState } from '../types';
import { QueueRow } from './fraud-queue-row';

const LIMIT = 20;

/** The review queue: held commissions with their rules, click and publisher record; decide one or many. */
export function FraudQueuePanel({ admin }: { admin: boolean }) {
  const { t } = useTranslation('fraud');
  const [state, setState] = useState<FraudQueueState>('held');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [reason, setReason] = useState('');
  /** the held commission whose Reject asks for its reason */
  const [rejecting, setRejecting] = useState<FraudQueueItem | null>(null);
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

  /** Decides `ids`: the ticked ones with the reason above the list, one card's with its `own` reason. */
  const run = (decision: 'approve' | 'reject', ids: string[], own?: string) =>
    decide.mutate(
      { commission_ids: ids, decision, reason: (own ?? reason).trim() || undefined },
      {
        onSuccess: () => {
          showSuccess(
            decision === 'approve'
              ? t('approved', { count: ids.length })
              : t('rejected', { count: ids.length }),
          );
          setRejecting(null);
          setSelected((s) => new Set([...s].filter((id) => !ids.includes(id))));
          if (own === undefined) setReason('');
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
            maxLength={FRAUD_REASON_LENGTH}
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
        aria-label={t('table')}
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
              held={state === 'held'}
              checked={selected.has(item.commission_id)}
              busy={decide.isPending && !!decide.variables?.commission_ids.includes(item.commission_id)}
              onToggle={() => toggle(item.commission_id)}
              onApprove={() => run('approve', [item.commission_id], '')}
              onReject={() => setRejecting(item)}
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
      <Modal
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={
          rejecting &&
          t('rejectOne', { publisher: rejecting.publisher.name, campaign: rejecting.campaign.name })
        }
      >
        {/* mounted only while open, so every opening starts with an empty reason */}
        {rejecting && (
          <ReasonForm
            confirmLabel={t('rejectConfirm')}
            description={t('reasonHint')}
            loading={decide.isPending}
            focusOnMount
            maxLength={FRAUD_REASON_LENGTH}
            onConfirm={(why) => run('reject', [rejecting.commission_id], why)}
            onCancel={() => setRejecting(null)}
          />
        )}
      </Modal>
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
