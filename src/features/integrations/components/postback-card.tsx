import { Badge, Card, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Postback } from '../types';
import { DeliveryActions, UrlWithSwitch } from './delivery-actions';
import { PostbackForm } from './postback-form';

/** One postback: URL, campaign, triggers, method, on/off, edit, test, delivery log and delete. */
export function PostbackCard({ postback, campaignName }: { postback: Postback; campaignName: string }) {
  const { t } = useTranslation('integrations');
  const [editing, setEditing] = useState(false);

  if (editing) {
    return (
      <Card withBorder padding="sm" role="listitem">
        <PostbackForm
          postback={postback}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      </Card>
    );
  }

  return (
    <Card withBorder padding="sm" role="listitem">
      <Stack gap="xs">
        <UrlWithSwitch kind="publisher-postbacks" item={postback} monospace />
        <Group gap={4}>
          <Badge variant="outline" size="sm">
            {postback.method}
          </Badge>
          <Badge variant="light" color="gray" size="sm" style={{ textTransform: 'none' }}>
            {campaignName}
          </Badge>
          {postback.on.map((trigger) => (
            <Badge key={trigger} variant="light" size="sm" style={{ textTransform: 'none' }}>
              {t(`trigger.${trigger}`)}
            </Badge>
          ))}
          {postback.failing_since && (
            <Badge color="red" size="sm">
              {t('card.failing')}
            </Badge>
          )}
        </Group>
        <DeliveryActions kind="publisher-postbacks" item={postback} onEdit={() => setEditing(true)} />
      </Stack>
    </Card>
  );
}
