import { ReasonForm } from '../../../components/reason-form';

interface ReasonPromptProps {
  /** the submit button, e.g. "Confirm reject" */
  confirmLabel: string;
  loading: boolean;
  onConfirm(reason: string): void;
  onCancel(): void;
}

/** Asks, inside the table row, for the reason a decision needs before it is sent. */
export function ReasonPrompt({ confirmLabel, loading, onConfirm, onCancel }: ReasonPromptProps) {
  return (
    <ReasonForm
      compact
      confirmLabel={confirmLabel}
      loading={loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
