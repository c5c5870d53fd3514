import { Box, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { useSignOut } from '../hooks/use-sign-out';
import {
  useAuth,
  useAuthSelector,
  useAuthStore,
  useAuthUser,
  type AuthState,
} from '../../features/auth/stores/auth-store';
import { needsOnboarding } from '../../features/auth/utils/needs-onboarding';
import { LanguageSwitch } from '../layout/language-switch';
import { useTranslation } from '../../lib/i18n';

export const DEFAULT_AUTHENTICATED_PATH = '/dashboard';

interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where the user was sent away from, so signing in can bring them back. */
export function rememberedPath(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return null;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

function AccountLoadFailed() {
  const { t } = useTranslation('app');
  const store = useAuthStore();
  const logout = useSignOut();
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" ta="center" maw={420}>
        <Title order={1} size="h2">
          {t('guards.loadFailed')}
        </Title>
        <Text c="dimmed">{t('guards.checkConnection')}</Text>
        <Group>
          <Button onClick={() => void store.retryLoad()}>{t('guards.tryAgain')}</Button>
          <Button variant="default" onClick={() => void logout()}>
            {t('logOut')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

const selectToken = (state: AuthState) => state.token;
const selectLoadingWithoutUser = (state: AuthState) => state.status === 'loading' && !state.user;

/** App routes: signed-out users go to /login, remembering where they were. */
export function RequireAuth() {
  // Only what decides the screen: /auth/me confirming the saved user re-renders nothing here.
  const token = useAuthSelector(selectToken);
  const user = useAuthUser();
  const loadingWithoutUser = useAuthSelector(selectLoadingWithoutUser);
  const location = useLocation();
  // With the user saved at the last visit the app renders at once while /auth/me checks the session
  // (a 401 still signs out; a changed user re-renders): the first screen does not wait a round trip.
  // Without one it waits; the signed-in app is a large first render, and as a deferred (background)
  // render it yields to the browser every few milliseconds instead of running as one long task.
  const loading = useDeferredValue(loadingWithoutUser);
  if (loading) return <LoadingScreen fullHeight />;
  if (!token) return <Navigate to="/login" replace state={{ from: location } satisfies FromState} />;
  if (!user) return <AccountLoadFailed />;
  return <Outlet />;
}

/** Everything but /onboarding waits until onboarding is done. */
export function RequireOnboarded() {
  const user = useAuthUser();
  if (user && needsOnboarding(user)) return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}

/** /login, /register, /signup: signed-in users continue to where they were going, else the dashboard. */
export function PublicOnly() {
  const { token, user, status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen fullHeight />;
  if (token && user) {
    return <Navigate to={rememberedPath(location.state) ?? DEFAULT_AUTHENTICATED_PATH} replace />;
  }
  return (
    <>
      {/* signed out there is no header: the language switch sits in the page's corner */}
      <Box pos="absolute" top={12} right={12}>
        <LanguageSwitch />
      </Box>
      <Outlet />
    </>
  );
}
