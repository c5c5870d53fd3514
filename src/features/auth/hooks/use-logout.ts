import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LOGOUT_TIMEOUT_MS, logout } from '../api/logout';
import { useAuthStore } from '../stores/auth-store';

/** Forgets the token and user and drops every cached query (nothing of this account stays). */
export function useClearSession(): () => void {
  const store = useAuthStore();
  const queryClient = useQueryClient();
  return useCallback(() => {
    store.clear();
    queryClient.clear();
  }, [store, queryClient]);
}

/** Revokes the token on the server, best effort: never rejects, never takes longer than LOGOUT_TIMEOUT_MS. */
function revokeToken(): Promise<void> {
  const revoke = logout().catch((error: unknown) =>
    console.warn('Revoking the session on the server failed', error),
  );
  // The request has the same timeout; this bound holds even if the transport ignores it.
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, LOGOUT_TIMEOUT_MS));
  return Promise.race([revoke, timeout]);
}

/**
 * Logout revokes the token on the server, then forgets everything locally. Offline, slow or refused
 * (401: already revoked), the user is signed out here all the same. The local clear comes second so
 * the call still carries the token.
 */
export function useLogout(): () => Promise<void> {
  const store = useAuthStore();
  const clearSession = useClearSession();
  return useCallback(async () => {
    if (store.getState().token) await revokeToken();
    clearSession();
  }, [store, clearSession]);
}
