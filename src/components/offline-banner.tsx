import { Badge, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { updatedAgo } from '../lib/offline/updated-ago';
import { translate, useTranslation } from '../lib/i18n';

const TICK_MS = 30_000;

interface OfflineBannerProps {
  online: boolean;
  /** changes made offline that wait to be sent */
  queued: number;
  /** when the oldest data on the page was fetched (shown offline) */
  updatedAt: number | null;
  /** parts of the page were never loaded */
  partial: boolean;
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active]);
  return now;
}

/**
 * Offline as the browser says, or online as far as it knows while nothing answers (Wi-Fi without
 * internet, the server down): then "offline" would contradict the device's own network icon.
 */
const offlineTitle = (browserOffline: boolean) =>
  browserOffline ? translate('common', 'offline.offline') : translate('common', 'offline.unreachable');

function subscribeToNetwork(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

/**
 * Whether the browser says it is offline, kept current: the server may have stopped answering first
 * (the banner says "can't reach the server") and the device lose its network after, which the title
 * must then say.
 */
function useBrowserOffline(): boolean {
  return useSyncExternalStore(
    subscribeToNetwork,
    () => navigator.onLine === false,
    () => false,
  );
}

/**
 * Says the app is offline (or cannot reach the server), how old the data on screen is, and what waits
 * to be sent.
 */
export function OfflineBanner({ online, queued, updatedAt, partial }: OfflineBannerProps) {
  const { t } = useTranslation('common');
  const now = useNow(!online && updatedAt !== null);
  const browserOffline = useBrowserOffline();
  if (online && queued === 0) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      withBorder
      radius="md"
      px="md"
      py="xs"
      mb="md"
      bg={online ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-yellow-light)'}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {online ? t('offline.sending') : offlineTitle(browserOffline)}
        </Text>
        {!online && (
          <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
            {updatedAt !== null
              ? t('offline.savedUpdated', { ago: updatedAgo(updatedAt, now) })
              : t('offline.saved')}
            {partial ? ` ${t('offline.partial')}` : ''}
          </Text>
        )}
        {queued > 0 && (
          <Badge variant="filled" color={online ? 'blue' : 'yellow'} c={online ? undefined : 'dark'}>
            {t('offline.queued', { count: queued })}
          </Badge>
        )}
      </Group>
    </Paper>
  );
}
