import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../lib/i18n';

interface ReasonFormProps {
  /** the submit button, e.g. "Confirm reject" or "Reject 3 commissions" */
  confirmLabel: string;
  loading: boolean;
  /** under the label, e.g. who will read the reason */
  description?: string;
  /** the server's refusal, shown above the buttons */
  error?: string | null;
  /** inline in a table row (small buttons, confirm first) rather than in a dialog */
  compact?: boolean;
  /** Mantine modals focus the field marked data-autofocus when they open */
  focusOnMount?: boolean;
  /** the longest reason the endpoint takes */
  maxLength?: number;
  onConfirm(reason: string): void;
  onCancel(): void;
}

/** Asks for the reason a decision (reject, suspend, reverse) needs before it is sent; empty is refused. */
export function ReasonForm({
  confirmLabel,
  loading,
  description,
  error,
  compact = false,
  focusOnMount = false,
  maxLength = 2000,
  onConfirm,
  onCancel,
}: ReasonFormProps) {
  const { t } = useTranslation('common');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const size = compact ? 'xs' : 'sm';
  const confirm = (
    <Button key="confirm" type="submit" size={size} color="red" loading={loading}>
      {confirmLabel}
    </Button>
  );
  const cancel = (
    <Button key="cancel" size={size} variant="default" onClick={onCancel}>
      {t('cancel')}
    </Button>
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() === '') return setMissing(true);
        onConfirm(reason.trim());
      }}
    >
      <Stack gap={compact ? 6 : 'sm'} miw={compact ? 220 : undefined}>
        <Textarea
          label={t('reason.label')}
          description={description}
          required
          autosize
          minRows={2}
          maxLength={maxLength}
          value={reason}
          error={missing ? t('reason.required') : undefined}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setMissing(false);
          }}
          data-autofocus={focusOnMount || undefined}
        />
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        <Group gap={compact ? 6 : 'xs'} justify={compact ? 'flex-start' : 'flex-end'}>
          {compact ? [confirm, cancel] : [cancel, confirm]}
        </Group>
      </Stack>
    </form>
  );
}
