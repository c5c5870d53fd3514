import { Badge, Button, Card, Code, Group, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { showFailure, showSuccess } from '../../../lib/toast';
import { useSendTest } from '../api/deliveries';
import { useDeletePostback, useTogglePostback } from '../api/postbacks';
import type { Postback } from '../types';
import { DeliveryLog } from './delivery-log';
import { PostbackForm } from './postback-form';

/** One postback: URL, campaign, triggers, method, on/off, edit, test, delivery log and delete. */
export function PostbackCard({ postback, campaignName }: { postback: Postback; campaignName: string }) {
  const toggle = useTogglePostback();
  const remove = useDeletePostback();
  const test = useSendTest('publisher-postbacks', postback.id);
  const [editing, setEditing] = useState(false);
  const [logOpen, setLogOpen] = useState(false);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete this postback?',
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Code>{postback.url}</Code> is called no more, and its delivery log is dropped.
        </Text>
      ),
      labels: { confirm: 'Delete postback', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(postback.id, { onError: showFailure('The postback was not deleted') }),
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
            label={postback.enabled ? 'On' : 'Off'}
            aria-label={`Enabled: ${postback.url}`}
            disabled={toggle.isPending}
            onChange={(e) =>
              toggle.mutate(
                { id: postback.id, enabled: e.currentTarget.checked },
                { onError: showFailure('Not changed') },
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
              Failing
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => setEditing(true)}
            aria-label={`Edit ${postback.url}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="light"
            loading={test.isPending}
            onClick={() =>
              test.mutate(undefined, {
                onSuccess: () => {
                  showSuccess('Test postback queued', 'It appears in the delivery log.');
                  setLogOpen(true);
                },
                onError: showFailure('The test was not sent'),
              })
            }
          >
            Send test
          </Button>
          <Button size="xs" variant="default" onClick={() => setLogOpen((o) => !o)} aria-expanded={logOpen}>
            {logOpen ? 'Hide delivery log' : 'Delivery log'}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="subtle"
            onClick={confirmDelete}
            aria-label={`Delete ${postback.url}`}
          >
            Delete
          </Button>
        </Group>
        {logOpen && <DeliveryLog kind="publisher-postbacks" id={postback.id} />}
      </Stack>
    </Card>
  );
}
