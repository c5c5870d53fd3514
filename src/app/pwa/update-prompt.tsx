import { useEffect } from 'react';
import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useServiceWorkerNavigation } from './service-worker-navigation';
import { translate, useTranslation } from '../../lib/i18n';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Tells the waiting worker to take over, then reloads once it controls the page. The plugin reloads
 * by itself only when the tab was already controlled at registration; on a first visit (no controller
 * yet) workbox-window reports the takeover as not-an-update and nothing would happen.
 */
function applyUpdate(updateServiceWorker: (reloadPage?: boolean) => Promise<void>) {
  navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  void updateServiceWorker(true);
}

/**
 * Registers /sw.js and offers a reload when a new version of the app is waiting. `onNavigate` routes
 * the worker's NAVIGATE requests (notification clicks) in-app; without it the page loads the path.
 */
export function UpdatePrompt({ onNavigate }: { onNavigate?: (path: string) => void } = {}) {
  const { t } = useTranslation('app');
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: true,
    onRegisteredSW(_url, registration) {
      // A long-lived tab never navigates, so browsers would rarely look for a new worker on their own.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    onRegisterError(error) {
      console.error('Service worker registration failed', error);
    },
  });

  useServiceWorkerNavigation(onNavigate);

  useEffect(() => {
    if (!offlineReady) return;
    notifications.show({
      id: 'pwa-offline-ready',
      title: 'Affilio',
      message: translate('app', 'pwa.offlineReady'),
      // Bottom corner: the default top-right spot would cover the header's account menu.
      position: 'bottom-right',
      autoClose: 3000,
    });
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady]);

  if (!needRefresh) return null;

  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={400}>
      <Paper withBorder shadow="md" p="md" radius="md" role="alert" maw={360}>
        <Text size="sm" mb="sm">
          {t('pwa.newVersion')}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={() => setNeedRefresh(false)}>
            {t('pwa.later')}
          </Button>
          <Button size="xs" onClick={() => applyUpdate(updateServiceWorker)}>
            {t('pwa.reload')}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
