import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useFormatMoney } from '../../../lib/display-money';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useBulkDecideCommissions } from '../api/bulk-decide-commissions';
import { useDecideCommission, type CommissionDecision } from '../api/decide-commission';
import { useDecideMatchingCommissions, type MatchingDecision } from '../api/decide-matching-commissions';
import type { BulkResult, Commission } from '../types';
import { commissionLabel } from '../utils/format';
import type { RowDecision } from '../components/commissions-table';

/** The reason dialog: for one row's reject or reverse, or for rejecting the ticked rows. */
export type Asking = { commission: Commission; decision: 'reject' | 'reverse' } | { bulk: true } | null;

/**
 * Deciding commissions, one row or the ticked ones: the mutations, the reason dialog, the toasts and
 * the ids the server did not change. `items` are the rows on screen (to name a failed id);
 * `clearSelection` runs after a bulk decision.
 */
export function useCommissionDecisions({
  items,
  clearSelection,
}: {
  items: Commission[];
  clearSelection(): void;
}) {
  const { t } = useTranslation('commissions');
  const money = useFormatMoney();
  const decide = useDecideCommission();
  const bulk = useBulkDecideCommissions();
  const matching = useDecideMatchingCommissions();
  const [asking, setAsking] = useState<Asking>(null);
  const [failures, setFailures] = useState<{ label: string; detail: string }[]>([]);

  const send = (decision: CommissionDecision, commission: Commission) => {
    setFailures([]);
    decide.mutate(decision, {
      onSuccess: (answer) => {
        setAsking(null);
        showToast({
          title: answer.id !== commission.id ? t('toast.clawbackCreated') : t('toast.commissionUpdated'),
          // Reversing a paid commission answers the new negative clawback instead of the commission.
          message:
            answer.id !== commission.id
              ? t('toast.clawbackMessage', {
                  campaign: commission.campaign_name,
                  amount: money(answer.amount_minor, answer.currency),
                })
              : t(`toast.done.${decision.decision}`, {
                  campaign: commission.campaign_name,
                  name: commissionLabel(commission),
                }),
          color: 'green',
        });
      },
    });
  };

  const labelOf = (id: string) => {
    const c = items.find((item) => item.id === id);
    return c ? `${c.campaign_name}, ${commissionLabel(c)}` : id;
  };
  const afterBulk = (decision: 'approve' | 'reject') => (result: BulkResult) => {
    setAsking(null);
    clearSelection();
    setFailures(result.failed.map((f) => ({ label: labelOf(f.id), detail: f.detail })));
    if (result.updated.length > 0) {
      showToast({
        title: t('toast.commissionsUpdated'),
        message: t(`toast.bulk.${decision}`, { count: result.updated.length }),
        color: 'green',
      });
    }
  };

  const sendMatching = (input: MatchingDecision) => {
    setFailures([]);
    matching.mutate(input, {
      onSuccess: (done) => {
        setAsking(null);
        clearSelection();
        showToast({
          title: t('toast.commissionsUpdated'),
          message: t(`toast.bulk.${input.decision}`, { count: done }),
          color: 'green',
        });
      },
    });
  };

  return {
    asking,
    failures,
    /** the row being decided, for its spinner */
    busyId: decide.isPending ? (decide.variables?.id ?? null) : null,
    pending: decide.isPending || bulk.isPending || matching.isPending,
    approvingBulk:
      (bulk.isPending && bulk.variables?.decision === 'approve') ||
      (matching.isPending && matching.variables.decision === 'approve'),
    /** how far a decision of all matching commissions got */
    matchingProgress: matching.progress,
    rowError: decide.error ? errorMessage(decide.error, t('error.decision')) : null,
    bulkError:
      (bulk.error ?? matching.error)
        ? errorMessage(bulk.error ?? matching.error, t('error.decisions'))
        : null,
    clearFailures: () => setFailures([]),
    closeReason: () => setAsking(null),
    decideRow: (commission: Commission, decision: RowDecision) => {
      decide.reset();
      if (decision === 'approve') send({ id: commission.id, decision }, commission);
      else setAsking({ commission, decision });
    },
    approveBulk: (ids: string[]) => {
      setFailures([]);
      bulk.mutate({ decision: 'approve', ids }, { onSuccess: afterBulk('approve') });
    },
    /** every pending commission matching the filters, in batches on the server */
    approveMatching: (input: Omit<MatchingDecision, 'decision'>) =>
      sendMatching({ ...input, decision: 'approve' }),
    askBulkReject: () => {
      bulk.reset();
      matching.reset();
      setAsking({ bulk: true });
    },
    /** the reason dialog's answer, for what it was opened for */
    confirmReason: (reason: string, ids: string[], all?: Omit<MatchingDecision, 'decision'>) => {
      if (!asking) return;
      if ('bulk' in asking && all) {
        sendMatching({ ...all, decision: 'reject', reason });
      } else if ('bulk' in asking) {
        setFailures([]);
        bulk.mutate({ decision: 'reject', ids, reason }, { onSuccess: afterBulk('reject') });
      } else {
        send({ id: asking.commission.id, decision: asking.decision, reason }, asking.commission);
      }
    },
  };
}
