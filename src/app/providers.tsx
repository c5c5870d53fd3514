import { MantineProvider, type MantineProviderProps } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, onlineManager, useIsRestoring, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider, persistQueryClientRestore } from '@tanstack/react-query-persist-client';
import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { useAuthStore, type AuthStore } from '../features/auth/stores/auth-store';
import { onUnauthorized } from '../lib/api-client';
import { installGlobalErrorHandlers } from '../lib/global-error-handler';
import { i18n, useTranslation } from '../lib/i18n';
import { removePersistedCaches, userStorageKey } from '../lib/offline/user-persister';
import {
  createPersistOptions,
  createQueryClient,
  PERSIST_STORAGE_KEY,
  type PersistOptions,
} from '../lib/query-client';
import { useAfterFirstPaint } from '../lib/after-first-paint';
import { useUiPreferences } from '../lib/ui-preferences';
import { DisplayMoneyProvider } from './display-money-provider';
import { AppErrorBoundary } from './layout/error-boundary';
import { themeFor } from './theme';

// Toasts shown before it loads wait in the notifications store and appear once it has.
const Notifications = lazy(() => import('./toast-container').then((m) => ({ default: m.Notifications })));

/** The toast container mounts after the first frame (src/lib/after-first-paint.ts); toasts wait for it. */
function DeferredNotifications() {
  if (!useAfterFirstPaint()) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-right" />
    </Suspense>
  );
}

/**
 * Mantine with the theme in the UI language (its close buttons', spinners' and pager's labels). The
 * theme's CSS variables are in the entry's stylesheet, computed at build time from the same theme and
 * resolver (scripts/vite-mantine-theme-css.ts) instead of on every start.
 */
function LocalizedMantineProvider(
  props: Pick<MantineProviderProps, 'forceColorScheme' | 'env' | 'children'>,
) {
  const { language } = useTranslation('app');
  return <MantineProvider theme={themeFor(language)} withCssVariables={false} {...props} />;
}

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** Persist the query cache to localStorage (off in tests). */
  persist?: boolean;
  authStore?: AuthStore;
  /** Rendered once under MantineProvider next to the app (e.g. the PWA update prompt). */
  overlays?: ReactNode;
  /** 'test' disables Mantine transitions and portals. */
  env?: 'default' | 'test';
}

/**
 * Replays changes queued offline (restored ones included); then the server's view is fetched. Offline
 * this waits: the client resumes paused changes by itself on reconnect, and invalidating now would mark
 * the restored data stale and send every page into a fetch that cannot start.
 */
function resumeQueuedChanges(client: QueryClient): void {
  if (!onlineManager.isOnline()) return;
  const queued = client
    .getMutationCache()
    .getAll()
    .some((m) => m.state.isPaused);
  void client.resumePausedMutations().then(() => {
    if (queued) void client.invalidateQueries();
  });
}

/**
 * Registers the writes that can be queued offline (their defaults, by mutation key) once per client.
 * They load in their own chunk (the features' write code and its input schemas stay out of the entry);
 * a persisted cache is only restored once they are registered, so restored paused changes can replay.
 */
const offlineWrites = new WeakMap<QueryClient, Promise<void>>();
function offlineWritesRegistered(client: QueryClient): Promise<void> {
  let registered = offlineWrites.get(client);
  if (!registered) {
    registered = import('./offline-mutations').then((m) => m.registerOfflineWrites(client));
    offlineWrites.set(client, registered);
  }
  return registered;
}

/**
 * Whether `userId`'s saved cache holds changes made offline. Read as text, not parsed: only a dehydrated
 * mutation has a "mutationKey" (a query's data naming it would only make the start wait, never skip).
 */
function hasPersistedMutations(storage: Storage, userId: string): boolean {
  try {
    return storage.getItem(userStorageKey(PERSIST_STORAGE_KEY, userId))?.includes('"mutationKey"') ?? false;
  } catch {
    return true;
  }
}

/**
 * Another account (or none) from now on: the old one's cache and queued changes go, writes still
 * pending for it are dropped, and the new one's persisted cache (if any) comes back.
 */
function switchUser(client: QueryClient, options: PersistOptions, userId: string | null): void {
  options.persister.setUser(null);
  client.clear();
  if (userId === null) removePersistedCaches(window.localStorage, PERSIST_STORAGE_KEY);
  options.persister.setUser(userId);
  if (userId === null) return;
  // The persist package resolves its own copy of query-core, whose QueryClient type differs by version only.
  const queryClient = client as unknown as Parameters<typeof persistQueryClientRestore>[0]['queryClient'];
  void offlineWritesRegistered(client)
    .then(() => persistQueryClientRestore({ ...options, queryClient }))
    .then(() => resumeQueuedChanges(client))
    .catch(() => undefined);
}

/**
 * Nothing renders before the persisted cache is back: stores calling fetchQuery would race it. The app's
 * first real render follows the restore; deferred, it is a background render that yields to the browser
 * every few milliseconds instead of one long task (the deferred value never runs ahead of the restore).
 */
function AfterRestore({ children }: { children: ReactNode }) {
  const restoring = useDeferredValue(useIsRestoring());
  return restoring ? null : children;
}

function QueryProvider({
  client,
  persist,
  children,
}: {
  client: QueryClient;
  persist: boolean;
  children: ReactNode;
}) {
  const authStore = useAuthStore();
  // Keyed by the user known at start (the saved one), so their cache is restored before /auth/me answers.
  const [persistOptions] = useState(() =>
    persist ? createPersistOptions(authStore.getState().user?.id ?? null) : null,
  );
  // A saved user's cache may hold paused changes: restore it only once their writes are registered. Without
  // any (the usual start) nothing waits for that chunk: live writes carry their own options.
  const [writesReady, setWritesReady] = useState(() => {
    const userId = authStore.getState().user?.id;
    return !persistOptions || !userId || !hasPersistedMutations(window.localStorage, userId);
  });
  useEffect(() => {
    // Signed out nothing can be queued: the chunk loads with the first sign-in (switchUser) instead.
    if (writesReady) return;
    let live = true;
    // Should the chunk fail to load, the app still starts (restored paused changes could not replay).
    void offlineWritesRegistered(client)
      .catch((error: unknown) => console.error('Loading the offline writes failed', error))
      .then(() => live && setWritesReady(true));
    return () => {
      live = false;
    };
  }, [client, writesReady]);
  // A 401 means another account (or none) from now on: drop everything cached for the old one.
  useEffect(() => onUnauthorized(() => client.clear()), [client]);
  useEffect(() => {
    if (!persistOptions) return;
    let userId = authStore.getState().user?.id ?? null;
    // Synchronous with the store's change, before anything renders for the new user.
    const stopWatching = authStore.subscribe(() => {
      const next = authStore.getState().user?.id ?? null;
      if (next === userId) return;
      userId = next;
      switchUser(client, persistOptions, next);
    });
    // The throttled write may not run before the page goes: write the latest state at once.
    const flush = () => persistOptions.persister.flush();
    const flushWhenHidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      stopWatching();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
    };
  }, [client, persistOptions, authStore]);
  if (!persistOptions) return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  if (!writesReady) return null;
  return (
    <PersistQueryClientProvider
      client={client}
      persistOptions={persistOptions}
      onSuccess={() => resumeQueuedChanges(client)}
    >
      <AfterRestore>{children}</AfterRestore>
    </PersistQueryClientProvider>
  );
}

export function AppProviders({
  children,
  queryClient,
  persist = true,
  authStore,
  overlays,
  env = 'default',
}: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [prefs] = useUiPreferences();

  useEffect(() => installGlobalErrorHandlers(), []);

  return (
    <I18nProvider i18n={i18n}>
      <LocalizedMantineProvider forceColorScheme={prefs.theme} env={env}>
        <DeferredNotifications />
        <AppErrorBoundary>
          <AuthProvider store={authStore}>
            <QueryProvider client={client} persist={persist}>
              <DisplayMoneyProvider>{children}</DisplayMoneyProvider>
            </QueryProvider>
          </AuthProvider>
        </AppErrorBoundary>
        {overlays}
      </LocalizedMantineProvider>
    </I18nProvider>
  );
}
