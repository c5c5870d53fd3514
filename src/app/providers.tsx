import { MantineProvider, createTheme } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, onlineManager, useIsRestoring, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider, persistQueryClientRestore } from '@tanstack/react-query-persist-client';
import { useEffect, useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { useAuthStore, type AuthStore } from '../features/auth/stores/auth-store';
import { onUnauthorized } from '../lib/api-client';
import { installGlobalErrorHandlers } from '../lib/global-error-handler';
import { removePersistedCaches } from '../lib/offline/user-persister';
import {
  createPersistOptions,
  createQueryClient,
  PERSIST_STORAGE_KEY,
  type PersistOptions,
} from '../lib/query-client';
import { useUiPreferences } from '../lib/ui-preferences';
import { DisplayMoneyProvider } from './display-money-provider';
import { AppErrorBoundary } from './layout/error-boundary';
import { registerOfflineWrites } from './offline-mutations';
import { marketplaceModals } from './routes/app/marketplace-modals';

// Required fields say so in their validation message, not with an asterisk: the asterisk becomes part
// of the label text and would rename every required field for assistive tech and tests alike.
const noAsterisk = { defaultProps: { withAsterisk: false } };

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  components: {
    TextInput: noAsterisk,
    PasswordInput: noAsterisk,
    Textarea: noAsterisk,
    Select: noAsterisk,
    NativeSelect: noAsterisk,
    NumberInput: noAsterisk,
    DateInput: noAsterisk,
  },
});

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
  void persistQueryClientRestore({ ...options, queryClient })
    .then(() => resumeQueuedChanges(client))
    .catch(() => undefined);
}

/** Nothing renders before the persisted cache is back: stores calling fetchQuery would race it. */
function AfterRestore({ children }: { children: ReactNode }) {
  return useIsRestoring() ? null : children;
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
  const [client] = useState(() => {
    const created = queryClient ?? createQueryClient();
    registerOfflineWrites(created);
    return created;
  });
  const [prefs] = useUiPreferences();

  useEffect(() => installGlobalErrorHandlers(), []);

  return (
    <MantineProvider theme={theme} forceColorScheme={prefs.theme} env={env}>
      <Notifications position="top-right" />
      <AppErrorBoundary>
        <AuthProvider store={authStore}>
          <QueryProvider client={client} persist={persist}>
            <DisplayMoneyProvider>
              <ModalsProvider modals={marketplaceModals}>{children}</ModalsProvider>
            </DisplayMoneyProvider>
          </QueryProvider>
        </AuthProvider>
      </AppErrorBoundary>
      {overlays}
    </MantineProvider>
  );
}
