import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useRowSelection } from '../../../lib/use-row-selection';
import { useCommissionDecisions } from '../hooks/use-commission-decisions';
import { useCommissionList } from '../hooks/use-commission-list';
import type { CommissionBalance, CommissionViewer } from '../types';
import { pluralCommissions as plural } from '../utils/format';
import { BalanceCard } from './balance-card';
import { CommissionBulkBar } from './commission-bulk-bar';
import { CommissionFiltersBar, type CampaignOption } from './commission-filters';
import { CommissionReasonDialog } from './commission-reason-dialog';
import { CommissionTotals } from './commission-totals';
import { CommissionsTable, isSelectable } from './commissions-table';
import { BulkFailuresAlert } from '../../../components/bulk-failures-alert';
import { TablePager } from '../../../components/table-pager';

interface CommissionsPanelProps {
  viewer: CommissionViewer;
  /** the campaigns to filter by (the page loads them) */
  campaignOptions: CampaignOption[];
  /** an extra cell per currency of the publisher's balance (the page's "Request payout") */
  balanceAction?: (row: CommissionBalance) => ReactNode;
}

/**
 * /commissions: filters, totals per status and currency, the paged list; publishers see their balance,
 * advertisers and admins decide (per row or in bulk).
 */
export function CommissionsPanel({ viewer, campaignOptions, balanceAction }: CommissionsPanelProps) {
  const { t } = useTranslation('commissions');
  const selection = useRowSelection();
  // "select all N matching": the time it was chosen pins the set (later commissions stay out)
  const [allMatching, setAllMatching] = useState<string | null>(null);
  const clearSelection = () => {
    selection.clear();
    setAllMatching(null);
  };
  const { filters, page, pages, list, items, totals, changeFilters, changePage } = useCommissionList({
    onMove: clearSelection,
  });
  const decisions = useCommissionDecisions({ items, clearSelection });
  // A ticked row decided meanwhile (here or by the hold-period job) is no longer part of the selection.
  const ids = items.filter((c) => selection.selected.has(c.id) && isSelectable(c)).map((c) => c.id);
  const selectable = items.filter(isSelectable).length;
  const pendingMatching =
    filters.status === 'all' || filters.status === 'pending'
      ? (totals.data ?? []).filter((t) => t.status === 'pending').reduce((n, t) => n + t.count, 0)
      : 0;
  const matchingTotal = selectable > 0 && ids.length === selectable ? pendingMatching : null;
  const matchingInput = allMatching
    ? {
        filters: { campaign_id: filters.campaign_id, from: filters.from, to: filters.to },
        createdBefore: allMatching,
        total: pendingMatching,
      }
    : undefined;
  const { asking, rowError, bulkError } = decisions;

  return (
    <Stack gap="md">
      {viewer === 'publisher' && <BalanceCard renderAction={balanceAction} />}
      <CommissionFiltersBar filters={filters} campaignOptions={campaignOptions} onChange={changeFilters} />
      {totals.error && (
        <Alert color="red" variant="light">
          {errorMessage(totals.error, t('panel.totalsError'))}
        </Alert>
      )}
      {totals.data && <CommissionTotals totals={totals.data} />}

      {viewer !== 'publisher' && (
        <CommissionBulkBar
          count={ids.length}
          approving={decisions.approvingBulk}
          onApprove={() =>
            matchingInput ? decisions.approveMatching(matchingInput) : decisions.approveBulk(ids)
          }
          onReject={decisions.askBulkReject}
          matchingTotal={allMatching ? pendingMatching : matchingTotal}
          allMatching={allMatching !== null}
          onSelectAllMatching={() => setAllMatching(new Date().toISOString())}
          onClearAllMatching={clearSelection}
          progress={decisions.matchingProgress}
        />
      )}
      <BulkFailuresAlert
        title={t('panel.notChanged', { count: decisions.failures.length })}
        failures={decisions.failures}
        onClose={decisions.clearFailures}
      />
      {(list.error ?? (asking ? null : (rowError ?? bulkError))) && (
        <Alert color="red" variant="light">
          {list.error ? errorMessage(list.error, t('panel.listError')) : (rowError ?? bulkError)}
        </Alert>
      )}

      {list.isPending && <Loader size="sm" aria-label={t('panel.loading')} />}
      {list.data && items.length === 0 && <Text c="dimmed">{t('panel.empty')}</Text>}
      {items.length > 0 && (
        <CommissionsTable
          items={items}
          viewer={viewer}
          selected={selection.selected}
          onSelect={selection.select}
          busyId={decisions.busyId}
          onDecide={decisions.decideRow}
        />
      )}
      {list.data && list.data.total > 0 && (
        <TablePager
          label={t('panel.pages')}
          summary={plural(list.data.total)}
          page={page}
          pages={pages}
          onChange={changePage}
        />
      )}

      <CommissionReasonDialog
        asking={asking}
        count={matchingInput ? pendingMatching : ids.length}
        loading={decisions.pending}
        rowError={rowError}
        bulkError={bulkError}
        onClose={decisions.closeReason}
        onConfirm={(reason) => decisions.confirmReason(reason, ids, matchingInput)}
      />
    </Stack>
  );
}
