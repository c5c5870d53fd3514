import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';

interface ReasonPromptProps {
  /** e.g. "Reject", "Suspend" */
  verb: string;
  loading: boolean;
  onConfirm(reason: string): void;
  onCancel(): void;
}

/** Asks for the reason a decision needs before it is sent. */
export function ReasonPrompt({ verb, loading, onConfirm, onCancel }: ReasonPromptProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() === '') return setMissing(true);
        onConfirm(reason.trim());
      }}
    >
      <Stack gap={6} miw={220}>
        <Textarea
          label="Reason"
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
        />
        <Group gap={6}>
          <Button type="submit" size="xs" color="red" loading={loading}>
            {`Confirm ${verb.toLowerCase()}`}
          </Button>
          <Button size="xs" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
