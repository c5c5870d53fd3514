import { Badge, Button, Card, Code, Group, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { showFailure, showSuccess } from '../../../lib/toast';
import { useSendTest } from '../api/deliveries';
import { useDeletePostback, useTogglePostback } from '../api/postbacks';
import type { Postback } from '../types';
import { DeliveryLog } from './delivery-log';
import { useTranslation } from '../../../lib/i18n';
import { PostbackForm } from './postback-form';

/** One postback: URL, campaign, triggers, method, on/off, edit, test, delivery log and delete. */
export function PostbackCard({ postback, campaignName }: { postback: Postback; campaignName: string }) {
  const { t } = useTranslation('integrations');
  const toggle = useTogglePostback();
  const remove = useDeletePostback();
  const test = useSendTest('publisher-postbacks', postback.id);
  const [editing, setEditing] = useState(false);
  const [logOpen, setLogOpen] = useState(false);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('postback.deleteTitle'),
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Code>{postback.url}</Code> {t('postback.deleteText')}
        </Text>
      ),
      labels: { confirm: t('postback.deleteConfirm'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(postback.id, { onError: showFailure(t('postback.deleteFailed')) }),
    });

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
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {postback.url}
          </Text>
          <Switch
            checked={postback.enabled}
            label={postback.enabled ? t('card.on') : t('card.off')}
            aria-label={t('card.enabled', { url: postback.url })}
            disabled={toggle.isPending}
            onChange={(e) =>
              toggle.mutate(
                { id: postback.id, enabled: e.currentTarget.checked },
                { onError: showFailure(t('card.notChanged')) },
              )
            }
          />
        </Group>
        <Group gap={4}>
          <Badge variant="outline" size="sm">
            {postback.method}
          </Badge>
          <Badge variant="light" color="gray" size="sm" style={{ textTransform: 'none' }}>
            {campaignName}
          </Badge>
          {postback.on.map((trigger) => (
            <Badge key={trigger} variant="light" size="sm" style={{ textTransform: 'none' }}>
              {trigger}
            </Badge>
          ))}
          {postback.failing_since && (
            <Badge color="red" size="sm">
              {t('card.failing')}
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => setEditing(true)}
            aria-label={t('card.editLabel', { url: postback.url })}
          >
            {t('card.edit')}
          </Button>
          <Button
            size="xs"
            variant="light"
            loading={test.isPending}
            onClick={() =>
              test.mutate(undefined, {
                onSuccess: () => {
                  showSuccess(t('postback.testQueued'), t('card.inLog'));
                  setLogOpen(true);
                },
                onError: showFailure(t('card.testFailed')),
              })
            }
          >
            {t('postback.test')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setLogOpen((o) => !o)} aria-expanded={logOpen}>
            {logOpen ? t('card.hideLog') : t('card.log')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="subtle"
            onClick={confirmDelete}
            aria-label={t('card.deleteLabel', { url: postback.url })}
          >
            {t('card.delete')}
          </Button>
        </Group>
        {logOpen && <DeliveryLog kind="publisher-postbacks" id={postback.id} />}
      </Stack>
    </Card>
  );
}
