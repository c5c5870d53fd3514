import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { handleNotificationClick } from './notification-click';
import { handlePush } from './push';

declare let self: ServiceWorkerGlobalScope;

// Wiring only: behaviour lives in the handler modules so Vitest can drive them with fakes.

// Only the shell and assets are cached. API requests (GETs included) get no runtime route and no cache:
// the one source of offline data is the persisted query cache (src/lib/query-client.ts).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// SPA navigations are answered from the precached shell; server-owned paths always hit the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/t\//, /^\/sw\.js$/],
  }),
);

// registerType 'prompt': a new worker waits until the page's "Reload" button asks it to take over.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();

self.addEventListener('push', (event) => {
  void handlePush(event, self.registration, self.clients);
});

self.addEventListener('notificationclick', (event) => {
  void handleNotificationClick(event, self.clients, self.location.origin);
});
