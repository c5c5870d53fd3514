import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useWebhooks } from '../api/webhooks';
import type { Webhook } from '../types';
import { SecretField } from './secret-field';
import { WebhookCard } from './webhook-card';
import { WebhookForm } from './webhook-form';

/** Settings → Webhooks: signed event deliveries to the user's own endpoints, with a log and resend. */
export function WebhooksSettings() {
  const webhooks = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Webhook | null>(null);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        We POST each event you pick to your URL, signed the Standard Webhooks way (verify with the secret and
        any <a href="https://www.standardwebhooks.com/">standardwebhooks</a> library). Failed deliveries are
        retried.
      </Text>
      {created && (
        <Alert color="green" variant="light" title="Endpoint added">
          <Stack gap="xs">
            <Text size="sm">Store the signing secret with your receiver to verify each delivery.</Text>
            <SecretField secret={created.secret} revealed />
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setCreated(null)}
              style={{ alignSelf: 'flex-start' }}
            >
              Done
            </Button>
          </Stack>
        </Alert>
      )}
      {!creating && (
        <Button variant="light" onClick={() => setCreating(true)} style={{ alignSelf: 'flex-start' }}>
          Add endpoint
        </Button>
      )}
      {creating && (
        <WebhookForm
          onCreated={(webhook) => {
            setCreated(webhook);
            setCreating(false);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {webhooks.isError ? (
        <LoadErrorAlert
          title="Could not load your webhooks"
          error={webhooks.error}
          retrying={webhooks.isFetching}
          onRetry={() => void webhooks.refetch()}
        />
      ) : !webhooks.data ? (
        <Text size="sm" c="dimmed">
          Loading your webhooks…
        </Text>
      ) : webhooks.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          You have no webhook endpoints yet.
        </Text>
      ) : (
        <Stack gap="sm" role="list" aria-label="Your webhook endpoints">
          {webhooks.data.map((webhook) => (
            <WebhookCard key={webhook.id} webhook={webhook} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
