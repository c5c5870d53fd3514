import { MantineProvider, createTheme } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useEffect, useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth/components/auth-provider';
import type { AuthStore } from '../features/auth/stores/auth-store';
import { onUnauthorized } from '../lib/api-client';
import { installGlobalErrorHandlers } from '../lib/global-error-handler';
import { createPersistOptions, createQueryClient } from '../lib/query-client';
import { useUiPreferences } from '../lib/ui-preferences';
import { DisplayMoneyProvider } from './display-money-provider';
import { AppErrorBoundary } from './layout/error-boundary';
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

function QueryProvider({
  client,
  persist,
  children,
}: {
  client: QueryClient;
  persist: boolean;
  children: ReactNode;
}) {
  const [persistOptions] = useState(() => (persist ? createPersistOptions() : null));
  // A 401 means another account (or none) from now on: drop everything cached for the old one.
  useEffect(() => onUnauthorized(() => client.clear()), [client]);
  if (!persistOptions) return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return (
    <PersistQueryClientProvider client={client} persistOptions={persistOptions}>
      {children}
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
    <MantineProvider theme={theme} forceColorScheme={prefs.theme} env={env}>
      <Notifications position="top-right" />
      <AppErrorBoundary>
        <QueryProvider client={client} persist={persist}>
          <AuthProvider store={authStore}>
            <DisplayMoneyProvider>
              <ModalsProvider modals={marketplaceModals}>{children}</ModalsProvider>
            </DisplayMoneyProvider>
          </AuthProvider>
        </QueryProvider>
      </AppErrorBoundary>
      {overlays}
    </MantineProvider>
  );
}
