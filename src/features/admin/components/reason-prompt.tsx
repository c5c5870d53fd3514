import { ReasonForm } from '../../../components/reason-form';

interface ReasonPromptProps {
  /** e.g. "Reject", "Suspend" */
  verb: string;
  loading: boolean;
  onConfirm(reason: string): void;
  onCancel(): void;
}

/** Asks, inside the table row, for the reason a decision needs before it is sent. */
export function ReasonPrompt({ verb, loading, onConfirm, onCancel }: ReasonPromptProps) {
  return (
    <ReasonForm
      compact
      confirmLabel={`Confirm ${verb.toLowerCase()}`}
      loading={loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
