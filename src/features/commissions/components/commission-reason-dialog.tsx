import type { Asking } from '../hooks/use-commission-decisions';
import { useTranslation } from '../../../lib/i18n';
import { commissionLabel } from '../utils/format';
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
  const { t } = useTranslation('commissions');
  return (
    <ReasonModal
      key={asking ? ('bulk' in asking ? 'bulk' : `${asking.decision}-${asking.commission.id}`) : 'closed'}
      opened={asking !== null}
      title={
        asking === null
          ? ''
          : 'bulk' in asking
            ? t('reason.rejectMany', { count })
            : asking.decision === 'reject'
              ? t('reason.rejectOne', { name: commissionLabel(asking.commission) })
              : t('reason.reverseOne', { name: commissionLabel(asking.commission) })
      }
      confirmLabel={
        asking && !('bulk' in asking) && asking.decision === 'reverse'
          ? t('reason.confirmReverse')
          : t('reason.confirmReject')
      }
      loading={loading}
      error={asking && 'bulk' in asking ? bulkError : rowError}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
