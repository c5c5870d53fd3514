import { Badge, Button, Card, Code, Group, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { showFailure, showSuccess } from '../../../lib/toast';
import { useSendTest } from '../api/deliveries';
import { useDeleteWebhook, useUpdateWebhook } from '../api/webhooks';
import type { Webhook } from '../types';
import { DeliveryLog } from './delivery-log';
import { SecretField } from './secret-field';

/** One endpoint: URL, events, enabled switch, secret, test, delivery log and delete. */
export function WebhookCard({ webhook }: { webhook: Webhook }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendTest('webhooks', webhook.id);
  const [logOpen, setLogOpen] = useState(false);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete this endpoint?',
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Code>{webhook.url}</Code> gets no more events, and its delivery log is dropped.
        </Text>
      ),
      labels: { confirm: 'Delete endpoint', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(webhook.id, { onError: showFailure('The endpoint was not deleted') }),
    });

  return (
    <Card withBorder padding="sm" role="listitem">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {webhook.url}
          </Text>
          <Switch
            checked={webhook.enabled}
            label={webhook.enabled ? 'On' : 'Off'}
            aria-label={`Enabled: ${webhook.url}`}
            disabled={update.isPending}
            onChange={(e) =>
              update.mutate(
                { id: webhook.id, enabled: e.currentTarget.checked },
                { onError: showFailure('Not changed') },
              )
            }
          />
        </Group>
        {webhook.description && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {webhook.description}
          </Text>
        )}
        <Group gap={4}>
          {webhook.events.map((event) => (
            <Badge key={event} variant="light" size="sm" style={{ textTransform: 'none' }}>
              {event}
            </Badge>
          ))}
          {webhook.failing_since && (
            <Badge color="red" size="sm">
              Failing
            </Badge>
          )}
        </Group>
        <SecretField secret={webhook.secret} />
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            loading={test.isPending}
            onClick={() =>
              test.mutate(undefined, {
                onSuccess: () => {
                  showSuccess('Test event queued', 'It appears in the delivery log.');
                  setLogOpen(true);
                },
                onError: showFailure('The test was not sent'),
              })
            }
          >
            Send test event
          </Button>
          <Button size="xs" variant="default" onClick={() => setLogOpen((o) => !o)} aria-expanded={logOpen}>
            {logOpen ? 'Hide delivery log' : 'Delivery log'}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="subtle"
            onClick={confirmDelete}
            aria-label={`Delete ${webhook.url}`}
          >
            Delete
          </Button>
        </Group>
        {logOpen && <DeliveryLog kind="webhooks" id={webhook.id} />}
      </Stack>
    </Card>
  );
}
