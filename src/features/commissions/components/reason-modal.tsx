import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';

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
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    setReason('');
    setMissing(false);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim() === '') return setMissing(true);
          onConfirm(reason.trim());
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Reason"
            description="Shown to the publisher."
            required
            autosize
            minRows={2}
            maxLength={2000}
            value={reason}
            error={missing ? 'A reason is required' : undefined}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setMissing(false);
            }}
            data-autofocus
          />
          {error && (
            <Alert color="red" variant="light">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
