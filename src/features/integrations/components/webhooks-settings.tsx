import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useWebhooks } from '../api/webhooks';
import type { Webhook } from '../types';
import { SecretField } from './secret-field';
import { WebhookCard } from './webhook-card';
import { WebhookForm } from './webhook-form';
import { useTranslation } from '../../../lib/i18n';

/** Settings → Webhooks: signed event deliveries to the user's own endpoints, with a log and resend. */
export function WebhooksSettings() {
  const { t } = useTranslation('integrations');
  const webhooks = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Webhook | null>(null);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('webhook.introBefore')} <a href="https://www.standardwebhooks.com/">standardwebhooks</a>
        {t('webhook.introAfter')}
      </Text>
      {created && (
        <Alert color="green" variant="light" title={t('webhook.added')}>
          <Stack gap="xs">
            <Text size="sm">{t('webhook.storeSecret')}</Text>
            <SecretField secret={created.secret} revealed />
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setCreated(null)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('webhook.done')}
            </Button>
          </Stack>
        </Alert>
      )}
      {!creating && (
        <Button variant="light" onClick={() => setCreating(true)} style={{ alignSelf: 'flex-start' }}>
          {t('webhook.add')}
        </Button>
      )}
      {creating && (
        <WebhookForm
          onSaved={(webhook) => {
            setCreated(webhook);
            setCreating(false);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {webhooks.isError ? (
        <LoadErrorAlert
          title={t('webhook.loadError')}
          error={webhooks.error}
          retrying={webhooks.isFetching}
          onRetry={() => void webhooks.refetch()}
        />
      ) : !webhooks.data ? (
        <Text size="sm" c="dimmed">
          {t('webhook.loading')}
        </Text>
      ) : webhooks.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('webhook.empty')}
        </Text>
      ) : (
        <Stack gap="sm" role="list" aria-label={t('webhook.list')}>
          {webhooks.data.map((webhook) => (
            <WebhookCard key={webhook.id} webhook={webhook} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
