import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useFormatMoney } from '../../../lib/display-money';
import { showToast } from '../../../lib/toast';
import { useBulkDecidePayouts } from '../api/bulk-decide-payouts';
import { useDecidePayout, type PayoutDecision } from '../api/decide-payout';
import type { RowAction } from '../components/payout-queue-table';
import type { BulkResult, Payout } from '../types';
import { useTranslation } from '../../../lib/i18n';

/**
 * Deciding payouts, one row or the ticked ones: the mutations, which dialog is open (references for
 * paid transfers, a reason for a failure, the details), the toasts and the ids the server did not
 * change. `items` are the rows on screen (to name a failed id); `clearSelection` runs after a bulk
 * decision.
 */
export function usePayoutDecisions({ items, clearSelection }: { items: Payout[]; clearSelection(): void }) {
  const { t } = useTranslation('payouts');
  const money = useFormatMoney();
  const decide = useDecidePayout();
  const bulk = useBulkDecidePayouts();
  const [paying, setPaying] = useState<Payout[]>([]);
  const [failing, setFailing] = useState<Payout | null>(null);
  const [details, setDetails] = useState<Payout | null>(null);
  const [failures, setFailures] = useState<{ label: string; detail: string }[]>([]);

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
          title: t('decided.one'),
          message: t(`decided.${decision.decision}`, {
            who: payout.publisher_name,
            amount: money(payout.amount_minor, payout.currency),
          }),
          color: 'green',
        });
      },
    });
  };
  const afterBulk = (decision: 'approve' | 'paid') => (result: BulkResult) => {
    setPaying([]);
    clearSelection();
    setFailures(result.failed.map((f) => ({ label: labelOf(f.id), detail: f.detail })));
    if (result.updated.length > 0) {
      showToast({
        title: t('decided.many'),
        message: t(`decidedBulk.${decision}`, { count: result.updated.length }),
        color: 'green',
      });
    }
  };

  const decideError = decide.error ? errorMessage(decide.error, t('decided.error')) : null;
  const bulkError = bulk.error ? errorMessage(bulk.error, t('decided.bulkError')) : null;

  return {
    paying,
    failing,
    details,
    failures,
    decideError,
    bulkError,
    /** a dialog shows the decision's error itself */
    modalOpen: paying.length > 0 || failing !== null,
    /** the row being decided, for its spinner */
    busyId: decide.isPending ? (decide.variables?.id ?? null) : null,
    deciding: decide.isPending,
    pending: decide.isPending || bulk.isPending,
    approvingBulk: bulk.isPending && bulk.variables?.decision === 'approve',
    /** errors and the list of refused ids go when the screen moves on */
    clearFailures: () => setFailures([]),
    onAction: (payout: Payout, action: RowAction) => {
      decide.reset();
      bulk.reset();
      if (action === 'approve') send({ id: payout.id, decision: 'approve' }, payout);
      else if (action === 'paid') setPaying([payout]);
      else if (action === 'failed') setFailing(payout);
      else setDetails(payout);
    },
    approveBulk: (payouts: Payout[]) => {
      setFailures([]);
      bulk.mutate(
        { decision: 'approve', ids: payouts.map((p) => p.id) },
        { onSuccess: afterBulk('approve') },
      );
    },
    askReferences: (payouts: Payout[]) => {
      bulk.reset();
      decide.reset();
      setPaying(payouts);
    },
    /** the references dialog's answer: one transfer, or several in one bulk call */
    confirmPaid: (entries: { id: string; reference: string }[]) => {
      if (entries.length === 1 && paying.length === 1) {
        send({ id: entries[0]!.id, decision: 'paid', reference: entries[0]!.reference }, paying[0]!);
      } else {
        setFailures([]);
        bulk.mutate({ decision: 'paid', items: entries }, { onSuccess: afterBulk('paid') });
      }
    },
    confirmFailed: (reason: string) => {
      if (failing) send({ id: failing.id, decision: 'failed', reason }, failing);
    },
    closeReferences: () => setPaying([]),
    closeFailure: () => setFailing(null),
    closeDetails: () => setDetails(null),
  };
}
