import { Alert, Loader, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useFormatMoney } from '../../../lib/display-money';
import { useRowSelection } from '../../../lib/use-row-selection';
import { useDownloadPayoutsCsv } from '../api/download-payouts-csv';
import { usePayoutDecisions } from '../hooks/use-payout-decisions';
import { usePayoutQueueList } from '../hooks/use-payout-queue-list';
import { plural } from '../utils/format';
import { useTranslation } from '../../../lib/i18n';
import { FailureModal } from './failure-modal';
import { PayoutBulkBar } from './payout-bulk-bar';
import { PayoutDetailsModal } from './payout-details-modal';
import { PayoutQueueFilters, type PublisherOption } from './payout-queue-filters';
import { PayoutQueueTable, isSelectable } from './payout-queue-table';
import { ReferenceModal } from './reference-modal';
import { BulkFailuresAlert } from '../../../components/bulk-failures-alert';
import { TablePager } from '../../../components/table-pager';

interface PayoutQueueProps {
  /** the publishers to filter by (the page loads them) */
  publisherOptions: PublisherOption[];
}

/**
 * /admin-payouts: the queue with filters, paging, per-row and bulk decisions (approve, mark paid with a
 * reference per transfer, mark failed with a reason), details and a CSV export of the filtered queue.
 */
export function PayoutQueue({ publisherOptions }: PayoutQueueProps) {
  const { t } = useTranslation('payouts');
  const money = useFormatMoney();
  const selection = useRowSelection();
  // moving to other filters or another page forgets the ticks and the last bulk call's refusals
  const { filters, page, pages, list, items, changeFilters, changePage } = usePayoutQueueList({
    onMove: () => {
      selection.clear();
      decisions.clearFailures();
    },
  });
  const decisions = usePayoutDecisions({ items, clearSelection: selection.clear });
  const download = useDownloadPayoutsCsv();
  // a ticked row decided meanwhile is no longer part of the selection
  const chosen = items.filter((p) => selection.selected.has(p.id) && isSelectable(p));
  const { paying, failing, decideError, bulkError } = decisions;

  return (
    <Stack gap="md">
      <PayoutQueueFilters
        filters={filters}
        publisherOptions={publisherOptions}
        exporting={download.isPending}
        onChange={changeFilters}
        onExport={() => download.mutate(filters)}
      />
      {download.error && (
        <Alert color="red" variant="light">
          {errorMessage(download.error, t('queue.exportFailed'))}
        </Alert>
      )}
      <PayoutBulkBar
        chosen={chosen}
        approving={decisions.approvingBulk}
        onApprove={decisions.approveBulk}
        onMarkPaid={decisions.askReferences}
      />
      <BulkFailuresAlert
        title={t('queue.notChanged', { count: decisions.failures.length })}
        failures={decisions.failures}
        onClose={decisions.clearFailures}
      />
      {(list.error ?? (decisions.modalOpen ? null : (decideError ?? bulkError))) && (
        <Alert color="red" variant="light">
          {list.error ? errorMessage(list.error, t('queue.error')) : (decideError ?? bulkError)}
        </Alert>
      )}
      {list.isPending && <Loader size="sm" aria-label={t('history.loading')} />}
      {list.data && items.length === 0 && (
        <Text c="dimmed">{filters.status === 'open' ? t('queue.empty') : t('queue.noMatch')}</Text>
      )}
      {items.length > 0 && (
        <PayoutQueueTable
          items={items}
          selected={selection.selected}
          busyId={decisions.busyId}
          onSelect={selection.select}
          onAction={decisions.onAction}
        />
      )}
      {list.data && list.data.total > 0 && (
        <TablePager
          label={t('history.pages')}
          summary={plural(list.data.total, 'payout')}
          page={page}
          pages={pages}
          onChange={changePage}
        />
      )}

      <ReferenceModal
        payouts={paying}
        loading={decisions.pending}
        error={paying.length === 1 ? decideError : bulkError}
        onClose={decisions.closeReferences}
        onConfirm={decisions.confirmPaid}
      />
      <FailureModal
        opened={failing !== null}
        title={
          failing
            ? t('queue.failTitle', {
                who: failing.publisher_name,
                amount: money(failing.amount_minor, failing.currency),
              })
            : ''
        }
        loading={decisions.deciding}
        error={decideError}
        onClose={decisions.closeFailure}
        onConfirm={decisions.confirmFailed}
      />
      <PayoutDetailsModal payout={decisions.details} onClose={decisions.closeDetails} />
    </Stack>
  );
}
