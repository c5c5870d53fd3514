import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { showToast } from '../../../lib/toast';
import { usePushSubscriptions } from '../api/get-push-subscriptions';
import { pushKeys } from '../api/push-keys';
import { useSendTestPush } from '../api/send-test-push';
import {
  pushStore,
  usePushState,
  type EnableStep,
  type PushStatus,
  type PushStore,
} from '../stores/push-store';

const STATUS_LABELS: Record<PushStatus, { label: string; color: string }> = {
  unsupported: { label: 'Not supported', color: 'gray' },
  default: { label: 'Not subscribed', color: 'gray' },
  granted: { label: 'Not subscribed', color: 'gray' },
  denied: { label: 'Blocked', color: 'red' },
  subscribed: { label: 'Subscribed', color: 'green' },
};

// Most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [string, string][] = [
  ['Edg/', 'Edge'],
  ['OPR/', 'Opera'],
  ['Firefox/', 'Firefox'],
  ['Chrom', 'Chrome'],
  ['Safari/', 'Safari'],
];
const SYSTEMS: [string, string][] = [
  ['Android', 'Android'],
  ['iPhone', 'iOS'],
  ['iPad', 'iPadOS'],
  ['Windows', 'Windows'],
  ['Mac OS X', 'macOS'],
  ['Linux', 'Linux'],
];

function describeDevice(userAgent: string | null): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([token]) => ua.includes(token))?.[1] ?? 'Browser';
  const system = SYSTEMS.find(([token]) => ua.includes(token))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

/** Where a blocked site's notifications are let through again: alone, or after the spec's refusal message. */
const UNBLOCK_HINT =
  "Notifications are blocked for this site: allow them in your browser's site settings, then enable push here.";

const STEP_TEXT: Record<EnableStep, string> = {
  permission: 'Asking the browser for permission…',
  worker: 'Waiting for the service worker…',
  subscribe: 'Subscribing with the browser’s push service…',
  save: 'Saving the subscription…',
};

/** Settings card: turn browser push on or off for this browser, and send a test push. */
export function PushSettings({ store = pushStore }: { store?: PushStore }) {
  const state = usePushState(store);
  const queryClient = useQueryClient();
  const subscriptions = usePushSubscriptions();
  const sendTest = useSendTestPush();
  const [busy, setBusy] = useState<'enable' | 'disable' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // what "Enable" is doing now, then how it ended: an answer within seconds, not a silent spinner
  const [step, setStep] = useState<EnableStep | null>(null);
  const [enabled, setEnabled] = useState(false);

  const records = subscriptions.data?.subscriptions ?? [];
  const vapidKey = subscriptions.data?.vapid_public_key;
  // The browser's subscription may belong to another account that used this browser before.
  const elsewhere =
    state.status === 'subscribed' &&
    subscriptions.data !== undefined &&
    !records.some((record) => record.endpoint === state.endpoint);
  const status: PushStatus = elsewhere ? 'granted' : state.status;
  const { label, color } = STATUS_LABELS[status];

  const run = async (kind: 'enable' | 'disable', action: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    setEnabled(false);
    try {
      await action();
      if (kind === 'enable') setEnabled(true);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(null);
      setStep(null);
      void queryClient.invalidateQueries({ queryKey: pushKeys.subscriptions() });
    }
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="push-settings-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="push-settings-title">
            Push notifications
          </Title>
          <Badge color={color} variant="light" aria-label={`Push status: ${label}`}>
            {label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Get a browser notification when something needs your attention, even while Affilio is closed.
        </Text>

        {status === 'unsupported' && (
          <Alert color="gray" variant="light">
            Push notifications not supported
          </Alert>
        )}
        {status === 'denied' && !error && (
          <Alert color="yellow" variant="light">
            {UNBLOCK_HINT}
          </Alert>
        )}
        {elsewhere && (
          <Text size="sm">This browser gets pushes for another account. Enable push to receive yours.</Text>
        )}
        <div role="status">
          {busy === 'enable' && step && (
            <Text size="sm" c="dimmed">
              {STEP_TEXT[step]}
            </Text>
          )}
          {enabled && status === 'subscribed' && (
            <Text size="sm" c="green">
              Push notifications are on for this browser.
            </Text>
          )}
        </div>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
            {status === 'denied' && `. ${UNBLOCK_HINT}`}
          </Alert>
        )}
        {subscriptions.error && (
          <Alert color="red" variant="light">
            {errorMessage(subscriptions.error, 'Could not load your push settings.')}
          </Alert>
        )}

        <Group gap="sm">
          {status !== 'unsupported' && status !== 'subscribed' && (
            <Button
              loading={busy === 'enable'}
              disabled={!vapidKey || busy !== null}
              onClick={() => vapidKey && void run('enable', () => store.enable(vapidKey, setStep))}
            >
              Enable push notifications
            </Button>
          )}
          {status === 'subscribed' && (
            <Button
              variant="default"
              loading={busy === 'disable'}
              disabled={busy !== null}
              onClick={() => void run('disable', () => store.disable())}
            >
              Disable push notifications
            </Button>
          )}
          {records.length > 0 && (
            <Button
              variant="light"
              loading={sendTest.isPending}
              onClick={() =>
                sendTest.mutate(undefined, {
                  onSuccess: ({ message }) => showToast({ title: 'Push notifications', message }),
                  onError: (failure) =>
                    showToast({
                      color: 'red',
                      title: 'Push notifications',
                      message: errorMessage(failure, 'The test push could not be sent.'),
                    }),
                })
              }
            >
              Send test push
            </Button>
          )}
        </Group>

        {records.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Receiving pushes on
            </Text>
            <List size="sm" aria-label="Push subscriptions">
              {records.map((record) => (
                <List.Item key={record.id}>
                  {describeDevice(record.user_agent)}
                  {record.endpoint === state.endpoint ? ' (this browser)' : ''} since{' '}
                  {formatDate(record.created_at)}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
