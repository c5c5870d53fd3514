import { Modal } from '@mantine/core';
import { ReasonForm } from '../../../components/reason-form';
import { useTranslation } from '../../../lib/i18n';

interface ReasonModalProps {
  opened: boolean;
  title: string;
  /** e.g. "Reject 3 commissions" */
  confirmLabel: string;
  loading: boolean;
  /** the server's refusal, shown above the buttons */
  error?: string | null;
  onConfirm(reason: string): void;
  onClose(): void;
}

/** Rejecting or reversing needs a reason; the publisher sees it. */
export function ReasonModal({
  opened,
  title,
  confirmLabel,
  loading,
  error,
  onConfirm,
  onClose,
}: ReasonModalProps) {
  const { t } = useTranslation('commissions');
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      {/* mounted only while open, so every opening starts with an empty reason */}
      {opened && (
        <ReasonForm
          confirmLabel={confirmLabel}
          description={t('reason.description')}
          loading={loading}
          error={error}
          focusOnMount
          onConfirm={onConfirm}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
