import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { usePushSubscriptions } from '../api/get-push-subscriptions';
import { pushKeys } from '../api/push-keys';
import { useSendTestPush } from '../api/send-test-push';
import {
  PushError,
  pushStore,
  usePushState,
  type EnableStep,
  type PushStatus,
  type PushStore,
} from '../stores/push-store';

const STATUS_COLORS: Record<PushStatus, string> = {
  unsupported: 'gray',
  default: 'gray',
  granted: 'gray',
  denied: 'red',
  subscribed: 'green',
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

type T = (key: string, values?: Record<string, unknown>) => string;

function describeDevice(t: T, userAgent: string | null): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([token]) => ua.includes(token))?.[1] ?? t('device.browser');
  const system = SYSTEMS.find(([token]) => ua.includes(token))?.[1];
  return system ? t('device.on', { browser, system }) : browser;
}

/** A failure of "Enable" in the UI language when the store says which it was, else as thrown. */
function failureText(t: T, caught: unknown): string {
  if (caught instanceof PushError && caught.key) {
    return t(`error.${caught.key}`, { detail: caught.detail ? ` (${caught.detail})` : '' });
  }
  return caught instanceof Error ? caught.message : String(caught);
}

/** Settings card: turn browser push on or off for this browser, and send a test push. */
export function PushSettings({ store = pushStore }: { store?: PushStore }) {
  const { t } = useTranslation('push');
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
  const label = t(`status.${status}`);
  const color = STATUS_COLORS[status];
  /** where a blocked site's notifications are let through again: alone, or after the refusal message */
  const unblockHint = t('unblock');

  const run = async (kind: 'enable' | 'disable', action: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    setEnabled(false);
    try {
      await action();
      if (kind === 'enable') setEnabled(true);
    } catch (caught) {
      setError(failureText(t, caught));
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
            {t('title')}
          </Title>
          <Badge color={color} variant="light" aria-label={t('statusLabel', { status: label })}>
            {label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>

        {status === 'unsupported' && (
          <Alert color="gray" variant="light">
            {t('error.unsupported')}
          </Alert>
        )}
        {status === 'denied' && !error && (
          <Alert color="yellow" variant="light">
            {unblockHint}
          </Alert>
        )}
        {elsewhere && <Text size="sm">{t('elsewhere')}</Text>}
        <div role="status">
          {busy === 'enable' && step && (
            <Text size="sm" c="dimmed">
              {t(`step.${step}`)}
            </Text>
          )}
          {enabled && status === 'subscribed' && (
            <Text size="sm" c="green">
              {t('on')}
            </Text>
          )}
        </div>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
            {status === 'denied' && `. ${unblockHint}`}
          </Alert>
        )}
        {subscriptions.error && (
          <Alert color="red" variant="light">
            {errorMessage(subscriptions.error, t('loadError'))}
          </Alert>
        )}

        <Group gap="sm">
          {status !== 'unsupported' && status !== 'subscribed' && (
            <Button
              loading={busy === 'enable'}
              disabled={!vapidKey || busy !== null}
              onClick={() => vapidKey && void run('enable', () => store.enable(vapidKey, setStep))}
            >
              {t('enable')}
            </Button>
          )}
          {status === 'subscribed' && (
            <Button
              variant="default"
              loading={busy === 'disable'}
              disabled={busy !== null}
              onClick={() => void run('disable', () => store.disable())}
            >
              {t('disable')}
            </Button>
          )}
          {records.length > 0 && (
            <Button
              variant="light"
              loading={sendTest.isPending}
              onClick={() =>
                sendTest.mutate(undefined, {
                  onSuccess: ({ message }) => showToast({ title: t('title'), message }),
                  onError: (failure) =>
                    showToast({
                      color: 'red',
                      title: t('title'),
                      message: errorMessage(failure, t('testFailed')),
                    }),
                })
              }
            >
              {t('test')}
            </Button>
          )}
        </Group>

        {records.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('receiving')}
            </Text>
            <List size="sm" aria-label={t('subscriptions')}>
              {records.map((record) => (
                <List.Item key={record.id}>
                  {record.endpoint === state.endpoint
                    ? t('deviceThisSince', {
                        device: describeDevice(t, record.user_agent),
                        date: formatDate(record.created_at),
                      })
                    : t('deviceSince', {
                        device: describeDevice(t, record.user_agent),
                        date: formatDate(record.created_at),
                      })}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
