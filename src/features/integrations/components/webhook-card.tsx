import { Badge, Button, Card, Code, Group, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { showFailure, showSuccess } from '../../../lib/toast';
import { useSendTest } from '../api/deliveries';
import { useDeleteWebhook, useUpdateWebhook } from '../api/webhooks';
import type { Webhook } from '../types';
import { DeliveryLog } from './delivery-log';
import { useTranslation } from '../../../lib/i18n';
import { SecretField } from './secret-field';

/** One endpoint: URL, events, enabled switch, secret, test, delivery log and delete. */
export function WebhookCard({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation('integrations');
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendTest('webhooks', webhook.id);
  const [logOpen, setLogOpen] = useState(false);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('webhook.deleteTitle'),
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Code>{webhook.url}</Code> {t('webhook.deleteText')}
        </Text>
      ),
      labels: { confirm: t('webhook.deleteConfirm'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(webhook.id, { onError: showFailure(t('webhook.deleteFailed')) }),
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
            label={webhook.enabled ? t('card.on') : t('card.off')}
            aria-label={t('card.enabled', { url: webhook.url })}
            disabled={update.isPending}
            onChange={(e) =>
              update.mutate(
                { id: webhook.id, enabled: e.currentTarget.checked },
                { onError: showFailure(t('card.notChanged')) },
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
              {t('card.failing')}
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
                  showSuccess(t('webhook.testQueued'), t('card.inLog'));
                  setLogOpen(true);
                },
                onError: showFailure(t('card.testFailed')),
              })
            }
          >
            {t('webhook.test')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setLogOpen((o) => !o)} aria-expanded={logOpen}>
            {logOpen ? t('card.hideLog') : t('card.log')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="subtle"
            onClick={confirmDelete}
            aria-label={t('card.deleteLabel', { url: webhook.url })}
          >
            {t('card.delete')}
          </Button>
        </Group>
        {logOpen && <DeliveryLog kind="webhooks" id={webhook.id} />}
      </Stack>
    </Card>
  );
}
