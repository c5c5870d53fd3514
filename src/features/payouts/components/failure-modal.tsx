import { Modal } from '@mantine/core';
import { ReasonForm } from '../../../components/reason-form';
import { useTranslation } from '../../../lib/i18n';

interface FailureModalProps {
  opened: boolean;
  title: string;
  loading: boolean;
  /** the server's refusal, shown above the buttons */
  error?: string | null;
  onConfirm(reason: string): void;
  onClose(): void;
}

/** A failed payout needs the reason; the publisher sees it, and its commissions return to the balance. */
export function FailureModal({ opened, title, loading, error, onConfirm, onClose }: FailureModalProps) {
  const { t } = useTranslation('payouts');
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      {/* mounted only while open, so every opening starts with an empty reason */}
      {opened && (
        <ReasonForm
          confirmLabel={t('failure.confirm')}
          description={t('failure.description')}
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
