import { useCallback } from 'react';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { pushStore } from '../../features/push/stores/push-store';

const PUSH_RELEASE_WAIT_MS = 3000;

/**
 * Signing out: this browser's push subscription belongs to the account leaving, so it is dropped first
 * (while the token still authorises the call), then the session and cache go. A slow or failing push
 * release never keeps the user signed in for more than a few seconds.
 */
export function useSignOut(): () => void {
  const logout = useLogout();
  return useCallback(() => {
    const release = pushStore
      .disable()
      .catch((error: unknown) => console.warn('Releasing the push subscription failed', error));
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, PUSH_RELEASE_WAIT_MS));
    void Promise.race([release, timeout]).finally(logout);
  }, [logout]);
}
