import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { isDay } from '../../../lib/date-range';
import { useFormatMoney } from '../../../lib/display-money';
import { showToast } from '../../../lib/toast';
import { useUiPreferences } from '../../../lib/ui-preferences';
import { oneOf, pageParam, useUrlParams } from '../../../lib/use-url-params';
import { useBulkDecideCommissions } from '../api/bulk-decide-commissions';
import { useDecideCommission, type CommissionDecision } from '../api/decide-commission';
import { useCommissionTotals } from '../api/get-commission-totals';
import { useCommissions } from '../api/get-commissions';
import {
  type BulkResult,
  type Commission,
  type CommissionBalance,
  type CommissionFilters,
  type CommissionViewer,
} from '../types';
import { commissionLabel } from '../utils/format';
import { BalanceCard } from './balance-card';
import { CommissionFiltersBar, type CampaignOption } from './commission-filters';
import { CommissionTotals } from './commission-totals';
import { CommissionsTable, isSelectable, type RowDecision } from './commissions-table';
import { ReasonModal } from './reason-modal';
import { BulkFailuresAlert } from '../../../components/bulk-failures-alert';
import { TablePager } from '../../../components/table-pager';
import { COMMISSION_STATUSES } from '../../../../contracts/commissions';

interface CommissionsPanelProps {
  viewer: CommissionViewer;
  /** the campaigns to filter by (the page loads them) */
  campaignOptions: CampaignOption[];
  /** an extra cell per currency of the publisher's balance (the page's "Request payout") */
  balanceAction?: (row: CommissionBalance) => ReactNode;
}

type Asking = { commission: Commission; decision: 'reject' | 'reverse' } | { bulk: true } | null;

/** The filters and page in the URL (?status=approved&campaign_id=…&from=…&to=…&page=3; not
 * `campaign`, which opens a campaign's details on any page): a reload keeps them. */
const LIST_PARAMS = { status: 'all', campaign_id: '', from: '', to: '', page: '1' };

function filtersOf(params: typeof LIST_PARAMS): CommissionFilters {
  const from = isDay(params.from) ? params.from : null;
  const to = isDay(params.to) ? params.to : null;
  return {
    status: oneOf(params.status, COMMISSION_STATUSES, 'all'),
    campaign_id: params.campaign_id || null,
    from: from && to ? from : null,
    to: from && to ? to : null,
  };
}

const plural = (n: number) => `${n} ${n === 1 ? 'commission' : 'commissions'}`;
const DONE: Record<RowDecision, string> = { approve: 'approved', reject: 'rejected', reverse: 'reversed' };

/**
 * /commissions: filters, totals per status and currency, the paged list; publishers see their balance,
 * advertisers and admins decide (per row or in bulk).
 */
export function CommissionsPanel({ viewer, campaignOptions, balanceAction }: CommissionsPanelProps) {
  const money = useFormatMoney();
  const [{ tablePageSize: limit }] = useUiPreferences();
  const [params, setParams] = useUrlParams(LIST_PARAMS);
  const filters = filtersOf(params);
  const page = pageParam(params.page);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState<Asking>(null);
  const [failures, setFailures] = useState<{ label: string; detail: string }[]>([]);
  const list = useCommissions({ ...filters, page, limit });
  const totals = useCommissionTotals({
    campaign_id: filters.campaign_id,
    from: filters.from,
    to: filters.to,
  });
  const decide = useDecideCommission();
  const bulk = useBulkDecideCommissions();
  const decides = viewer !== 'publisher';
  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / limit)) : 1;

  const changeFilters = (next: CommissionFilters) => {
    setParams({
      status: next.status,
      campaign_id: next.campaign_id ?? '',
      from: next.from ?? '',
      to: next.to ?? '',
      page: '1',
    });
    setSelected(new Set());
  };
  const changePage = (next: number) => {
    setParams({ page: String(next) });
    setSelected(new Set());
  };
  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      ids.forEach((id) => (on ? next.add(id) : next.delete(id)));
      return next;
    });

  const send = (decision: CommissionDecision, commission: Commission) => {
    setFailures([]);
    decide.mutate(decision, {
      onSuccess: (answer) => {
        setAsking(null);
        showToast({
          title: answer.id !== commission.id ? 'Clawback created' : 'Commission updated',
          // Reversing a paid commission answers the new negative clawback instead of the commission.
          message:
            answer.id !== commission.id
              ? `${commission.campaign_name}: ${money(answer.amount_minor, answer.currency)} will be taken from the next payout.`
              : `${commission.campaign_name}, ${commissionLabel(commission)}: ${DONE[decision.decision]}.`,
          color: 'green',
        });
      },
    });
  };

  const labelOf = (id: string) => {
    const c = items.find((item) => item.id === id);
    return c ? `${c.campaign_name}, ${commissionLabel(c)}` : id;
  };
  const afterBulk = (verb: string) => (result: BulkResult) => {
    setAsking(null);
    setSelected(new Set());
    setFailures(result.failed.map((f) => ({ label: labelOf(f.id), detail: f.detail })));
    if (result.updated.length > 0) {
      showToast({
        title: 'Commissions updated',
        message: `${verb} ${plural(result.updated.length)}.`,
        color: 'green',
      });
    }
  };
  // A ticked row decided meanwhile (here or by the hold-period job) is no longer part of the selection.
  const ids = items.filter((c) => selected.has(c.id) && isSelectable(c)).map((c) => c.id);

  const rowError = decide.error ? errorMessage(decide.error, 'The decision was not saved.') : null;
  const bulkError = bulk.error ? errorMessage(bulk.error, 'The decisions were not saved.') : null;

  return (
    <Stack gap="md">
      {viewer === 'publisher' && <BalanceCard renderAction={balanceAction} />}
      <CommissionFiltersBar filters={filters} campaignOptions={campaignOptions} onChange={changeFilters} />
      {totals.error && (
        <Alert color="red" variant="light">
          {errorMessage(totals.error, 'Could not load the totals.')}
        </Alert>
      )}
      {totals.data && <CommissionTotals totals={totals.data} />}

      {decides && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {ids.length > 0
              ? `${plural(ids.length)} selected`
              : 'Tick pending commissions to decide them together.'}
          </Text>
          <Button
            size="xs"
            color="green"
            disabled={ids.length === 0}
            loading={bulk.isPending && bulk.variables?.decision === 'approve'}
            onClick={() => {
              setFailures([]);
              bulk.mutate({ decision: 'approve', ids }, { onSuccess: afterBulk('Approved') });
            }}
          >
            Approve selected
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            disabled={ids.length === 0}
            onClick={() => {
              bulk.reset();
              setAsking({ bulk: true });
            }}
          >
            Reject selected
          </Button>
        </Group>
      )}
      <BulkFailuresAlert
        title={`${plural(failures.length)} not changed`}
        failures={failures}
        onClose={() => setFailures([])}
      />
      {(list.error ?? (asking ? null : (rowError ?? bulkError))) && (
        <Alert color="red" variant="light">
          {list.error ? errorMessage(list.error, 'Could not load the commissions.') : (rowError ?? bulkError)}
        </Alert>
      )}

      {list.isPending && <Loader size="sm" aria-label="Loading commissions" />}
      {list.data && items.length === 0 && <Text c="dimmed">No commissions match these filters.</Text>}
      {items.length > 0 && (
        <CommissionsTable
          items={items}
          viewer={viewer}
          selected={selected}
          onSelect={select}
          busyId={decide.isPending ? (decide.variables?.id ?? null) : null}
          onDecide={(commission, decision) => {
            decide.reset();
            if (decision === 'approve') send({ id: commission.id, decision }, commission);
            else setAsking({ commission, decision });
          }}
        />
      )}
      {list.data && list.data.total > 0 && (
        <TablePager
          label="Pages of commissions"
          summary={plural(list.data.total)}
          page={page}
          pages={pages}
          onChange={changePage}
        />
      )}

      <ReasonModal
        key={asking ? ('bulk' in asking ? 'bulk' : `${asking.decision}-${asking.commission.id}`) : 'closed'}
        opened={asking !== null}
        title={
          asking === null
            ? ''
            : 'bulk' in asking
              ? `Reject ${plural(ids.length)}`
              : `${asking.decision === 'reject' ? 'Reject' : 'Reverse'} ${commissionLabel(asking.commission)}`
        }
        confirmLabel={
          asking && !('bulk' in asking) && asking.decision === 'reverse' ? 'Reverse commission' : 'Reject'
        }
        loading={decide.isPending || bulk.isPending}
        error={asking && 'bulk' in asking ? bulkError : rowError}
        onClose={() => setAsking(null)}
        onConfirm={(reason) => {
          if (!asking) return;
          if ('bulk' in asking) {
            setFailures([]);
            bulk.mutate({ decision: 'reject', ids, reason }, { onSuccess: afterBulk('Rejected') });
          } else {
            send({ id: asking.commission.id, decision: asking.decision, reason }, asking.commission);
          }
        }}
      />
    </Stack>
  );
}
