import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';

interface SessionsCardProps {
  /** revokes every session, this one included; rejects when the server did not */
  onSignOutEverywhere(): Promise<void>;
}

/** "Sign out everywhere", after a confirmation: for a lost phone or a password typed on a shared computer. */
export function SessionsCard({ onSignOutEverywhere }: SessionsCardProps) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
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
      title: t('sessions.confirmTitle'),
      children: <Text size="sm">{t('sessions.confirmText')}</Text>,
      labels: { confirm: t('sessions.signOutEverywhere'), cancel: tc('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void signOutEverywhere(),
    });

  return (
    <Stack>
      <Title order={2} size="h3">
        {t('sessions.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('sessions.text')}
      </Text>
      {error !== null && (
        <Alert color="red" variant="light" title={t('sessions.stillSignedIn')}>
          {errorMessage(error, t('sessions.failed'))}
        </Alert>
      )}
      <Group>
        <Button color="red" variant="light" loading={pending} onClick={confirm}>
          {t('sessions.signOutEverywhere')}
        </Button>
      </Group>
    </Stack>
  );
}
