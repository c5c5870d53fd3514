import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useFormatMoney } from '../../../lib/display-money';
import { showToast } from '../../../lib/toast';
import { useUiPreferences } from '../../../lib/ui-preferences';
import { useBulkDecidePayouts } from '../api/bulk-decide-payouts';
import { useDecidePayout, type PayoutDecision } from '../api/decide-payout';
import { useDownloadPayoutsCsv } from '../api/download-payouts-csv';
import { usePayouts } from '../api/get-payouts';
import { DEFAULT_QUEUE_FILTERS, type BulkResult, type Payout, type PayoutFilters } from '../types';
import { plural } from '../utils/format';
import { FailureModal } from './failure-modal';
import { PayoutDetailsModal } from './payout-details-modal';
import { PayoutQueueFilters, type PublisherOption } from './payout-queue-filters';
import { PayoutQueueTable, isSelectable, type RowAction } from './payout-queue-table';
import { ReferenceModal } from './reference-modal';
import { BulkFailuresAlert } from '../../../components/bulk-failures-alert';
import { TablePager } from '../../../components/table-pager';

interface PayoutQueueProps {
  /** the publishers to filter by (the page loads them) */
  publisherOptions: PublisherOption[];
}

const DONE: Record<PayoutDecision['decision'], string> = {
  approve: 'approved, now processing',
  paid: 'marked paid',
  failed: 'marked failed; its commissions are back in the balance',
};

/**
 * /admin-payouts: the queue with filters, paging, per-row and bulk decisions (approve, mark paid with a
 * reference per transfer, mark failed with a reason), details and a CSV export of the filtered queue.
 */
export function PayoutQueue({ publisherOptions }: PayoutQueueProps) {
  const money = useFormatMoney();
  const [{ tablePageSize: limit }] = useUiPreferences();
  const [filters, setFilters] = useState<PayoutFilters>(DEFAULT_QUEUE_FILTERS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [paying, setPaying] = useState<Payout[]>([]);
  const [failing, setFailing] = useState<Payout | null>(null);
  const [details, setDetails] = useState<Payout | null>(null);
  const [failures, setFailures] = useState<{ label: string; detail: string }[]>([]);
  const list = usePayouts({ ...filters, page, limit });
  const decide = useDecidePayout();
  const bulk = useBulkDecidePayouts();
  const download = useDownloadPayoutsCsv();
  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / limit)) : 1;
  // a ticked row decided meanwhile is no longer part of the selection
  const chosen = items.filter((p) => selected.has(p.id) && isSelectable(p));
  const toApprove = chosen.filter((p) => p.status === 'requested');
  const toPay = chosen.filter((p) => p.status === 'processing');

  const reset = () => {
    setSelected(new Set());
    setFailures([]);
  };
  const labelOf = (id: string) => {
    const p = items.find((item) => item.id === id);
    return p ? `${p.publisher_name}, ${money(p.amount_minor, p.currency)}` : id;
  };

  const send = (decision: PayoutDecision, payout: Payout) => {
    setFailures([]);
    decide.mutate(decision, {
      onSuccess: () => {
        setPaying([]);
        setFailing(null);
        showToast({
          title: 'Payout updated',
          message: `${payout.publisher_name}, ${money(payout.amount_minor, payout.currency)}: ${DONE[decision.decision]}.`,
          color: 'green',
        });
      },
    });
  };
  const afterBulk = (verb: string) => (result: BulkResult) => {
    setPaying([]);
    setSelected(new Set());
    setFailures(result.failed.map((f) => ({ label: labelOf(f.id), detail: f.detail })));
    if (result.updated.length > 0) {
      showToast({
        title: 'Payouts updated',
        message: `${verb} ${plural(result.updated.length, 'payout')}.`,
        color: 'green',
      });
    }
  };
  const onAction = (payout: Payout, action: RowAction) => {
    decide.reset();
    bulk.reset();
    if (action === 'approve') send({ id: payout.id, decision: 'approve' }, payout);
    else if (action === 'paid') setPaying([payout]);
    else if (action === 'failed') setFailing(payout);
    else setDetails(payout);
  };

  const decideError = decide.error ? errorMessage(decide.error, 'The decision was not saved.') : null;
  const bulkError = bulk.error ? errorMessage(bulk.error, 'The decisions were not saved.') : null;
  const modalOpen = paying.length > 0 || failing !== null;

  return (
    <Stack gap="md">
      <PayoutQueueFilters
        filters={filters}
        publisherOptions={publisherOptions}
        exporting={download.isPending}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
          reset();
        }}
        onExport={() => download.mutate(filters)}
      />
      {download.error && (
        <Alert color="red" variant="light">
          {errorMessage(download.error, 'The export failed. Please try again.')}
        </Alert>
      )}
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {chosen.length > 0
            ? `${plural(chosen.length, 'payout')} selected`
            : 'Tick open payouts to decide them together.'}
        </Text>
        <Button
          size="xs"
          color="green"
          disabled={toApprove.length === 0}
          loading={bulk.isPending && bulk.variables?.decision === 'approve'}
          onClick={() => {
            setFailures([]);
            bulk.mutate(
              { decision: 'approve', ids: toApprove.map((p) => p.id) },
              { onSuccess: afterBulk('Approved') },
            );
          }}
        >
          {toApprove.length > 0 ? `Approve ${toApprove.length}` : 'Approve selected'}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="green"
          disabled={toPay.length === 0}
          onClick={() => {
            bulk.reset();
            decide.reset();
            setPaying(toPay);
          }}
        >
          {toPay.length > 0 ? `Mark ${toPay.length} paid…` : 'Mark selected paid…'}
        </Button>
      </Group>
      <BulkFailuresAlert
        title={`${plural(failures.length, 'payout')} not changed`}
        failures={failures}
        onClose={() => setFailures([])}
      />
      {(list.error ?? (modalOpen ? null : (decideError ?? bulkError))) && (
        <Alert color="red" variant="light">
          {list.error ? errorMessage(list.error, 'Could not load the payouts.') : (decideError ?? bulkError)}
        </Alert>
      )}
      {list.isPending && <Loader size="sm" aria-label="Loading payouts" />}
      {list.data && items.length === 0 && (
        <Text c="dimmed">
          {filters.status === 'open'
            ? 'No payouts waiting: the queue is empty.'
            : 'No payouts match these filters.'}
        </Text>
      )}
      {items.length > 0 && (
        <PayoutQueueTable
          items={items}
          selected={selected}
          busyId={decide.isPending ? (decide.variables?.id ?? null) : null}
          onSelect={(ids, on) =>
            setSelected((current) => {
              const next = new Set(current);
              ids.forEach((id) => (on ? next.add(id) : next.delete(id)));
              return next;
            })
          }
          onAction={onAction}
        />
      )}
      {list.data && list.data.total > 0 && (
        <TablePager
          label="Pages of payouts"
          summary={plural(list.data.total, 'payout')}
          page={page}
          pages={pages}
          onChange={(next) => (setPage(next), reset())}
        />
      )}

      <ReferenceModal
        payouts={paying}
        loading={decide.isPending || bulk.isPending}
        error={paying.length === 1 ? decideError : bulkError}
        onClose={() => setPaying([])}
        onConfirm={(entries) => {
          if (entries.length === 1 && paying.length === 1) {
            send({ id: entries[0]!.id, decision: 'paid', reference: entries[0]!.reference }, paying[0]!);
          } else {
            setFailures([]);
            bulk.mutate({ decision: 'paid', items: entries }, { onSuccess: afterBulk('Marked paid') });
          }
        }}
      />
      <FailureModal
        opened={failing !== null}
        title={
          failing
            ? `Mark payout failed: ${failing.publisher_name}, ${money(failing.amount_minor, failing.currency)}`
            : ''
        }
        loading={decide.isPending}
        error={decideError}
        onClose={() => setFailing(null)}
        onConfirm={(reason) => failing && send({ id: failing.id, decision: 'failed', reason }, failing)}
      />
      <PayoutDetailsModal payout={details} onClose={() => setDetails(null)} />
    </Stack>
  );
}
