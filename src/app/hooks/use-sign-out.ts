import { useCallback } from 'react';
import { useLogoutAll } from '../../features/auth/api/logout-all';
import { useLogout } from '../../features/auth/hooks/use-logout';

const PUSH_RELEASE_WAIT_MS = 3000;

/**
 * This browser's push subscription belongs to the account leaving, so it is dropped first (while the
 * token still authorises the call). A slow or failing push release never holds up signing out for
 * more than a few seconds.
 */
function releasePushSubscription(): Promise<void> {
  // Loaded on demand: the push store (and its schemas) stay out of the entry chunk.
  const release = import('../../features/push/stores/push-store')
    .then((m) => m.pushStore.disable())
    .catch((error: unknown) => console.warn('Releasing the push subscription failed', error));
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, PUSH_RELEASE_WAIT_MS));
  return Promise.race([release, timeout]);
}

/**
 * Signing out: the push subscription goes, then the token is revoked on the server (best effort,
 * bounded) and the session and cache are forgotten. Resolves once this browser is signed out; it
 * never rejects, so signing out works offline too.
 */
export function useSignOut(): () => Promise<void> {
  const logout = useLogout();
  return useCallback(() => releasePushSubscription().then(logout), [logout]);
}

/**
 * Signing out everywhere: the push subscription goes, then the server revokes every session of the
 * user (this one too) and this browser forgets its own. Rejects, leaving the user signed in, when the
 * server could not revoke them: "signed out everywhere" must not be claimed offline.
 */
export function useSignOutEverywhere(): () => Promise<void> {
  const { mutateAsync: logoutAll } = useLogoutAll();
  return useCallback(async () => {
    await releasePushSubscription();
    await logoutAll();
  }, [logoutAll]);
}
