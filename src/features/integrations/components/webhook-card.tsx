import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Webhook } from '../types';
import { DeliveryActions, UrlWithSwitch } from './delivery-actions';
import { SecretField } from './secret-field';
import { WebhookForm } from './webhook-form';

/** One endpoint: URL, events, enabled switch, secret, edit, test, delivery log and delete. */
export function WebhookCard({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation('integrations');
  const [editing, setEditing] = useState(false);

  if (editing) {
    return (
      <Card withBorder padding="sm" role="listitem">
        <WebhookForm webhook={webhook} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </Card>
    );
  }

  return (
    <Card withBorder padding="sm" role="listitem">
      <Stack gap="xs">
        <UrlWithSwitch kind="webhooks" item={webhook} />
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
        <DeliveryActions kind="webhooks" item={webhook} onEdit={() => setEditing(true)} />
      </Stack>
    </Card>
  );
}
