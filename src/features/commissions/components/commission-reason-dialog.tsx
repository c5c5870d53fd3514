import type { Asking } from '../hooks/use-commission-decisions';
import { commissionLabel, pluralCommissions as plural } from '../utils/format';
import { ReasonModal } from './reason-modal';

interface CommissionReasonDialogProps {
  asking: Asking;
  /** how many ticked rows a bulk rejection decides */
  count: number;
  loading: boolean;
  rowError: string | null;
  bulkError: string | null;
  onClose(): void;
  onConfirm(reason: string): void;
}

/** The reason for rejecting or reversing one commission, or for rejecting the ticked ones. */
export function CommissionReasonDialog({
  asking,
  count,
  loading,
  rowError,
  bulkError,
  onClose,
  onConfirm,
}: CommissionReasonDialogProps) {
  return (
    <ReasonModal
      key={asking ? ('bulk' in asking ? 'bulk' : `${asking.decision}-${asking.commission.id}`) : 'closed'}
      opened={asking !== null}
      title={
        asking === null
          ? ''
          : 'bulk' in asking
            ? `Reject ${plural(count)}`
            : `${asking.decision === 'reject' ? 'Reject' : 'Reverse'} ${commissionLabel(asking.commission)}`
      }
      confirmLabel={
        asking && !('bulk' in asking) && asking.decision === 'reverse' ? 'Reverse commission' : 'Reject'
      }
      loading={loading}
      error={asking && 'bulk' in asking ? bulkError : rowError}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
