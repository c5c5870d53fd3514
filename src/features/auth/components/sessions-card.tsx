import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';

interface SessionsCardProps {
  /** revokes every session, this one included; rejects when the server did not */
  onSignOutEverywhere(): Promise<void>;
}

/** "Sign out everywhere", after a confirmation: for a lost phone or a password typed on a shared computer. */
export function SessionsCard({ onSignOutEverywhere }: SessionsCardProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const signOutEverywhere = async () => {
    setPending(true);
    setError(null);
    try {
      await onSignOutEverywhere();
      // Success signs this browser out too: the page goes away, nothing to reset.
    } catch (err) {
      setError(err);
      setPending(false);
    }
  };

  const confirm = () =>
    modals.openConfirmModal({
      title: 'Sign out on every device?',
      children: (
        <Text size="sm">
          Every session of your account ends at once, on other browsers and devices and on this one: you will
          need to log in again everywhere.
        </Text>
      ),
      labels: { confirm: 'Sign out everywhere', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void signOutEverywhere(),
    });

  return (
    <Stack>
      <Title order={2} size="h3">
        Sessions
      </Title>
      <Text size="sm" c="dimmed">
        You stay signed in on each browser where you logged in. If you lost a device or signed in on a
        computer that is not yours, sign out everywhere.
      </Text>
      {error !== null && (
        <Alert color="red" variant="light" title="You are still signed in">
          {errorMessage(error, 'Signing out everywhere failed. Check your connection and try again.')}
        </Alert>
      )}
      <Group>
        <Button color="red" variant="light" loading={pending} onClick={confirm}>
          Sign out everywhere
        </Button>
      </Group>
    </Stack>
  );
}
