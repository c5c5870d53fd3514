import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useClearSession } from '../hooks/use-logout';

/** Revokes every session of the user, this one included (204). */
export async function logoutAll(): Promise<void> {
  await api.post('/auth/logout-all');
}

/** Sign out everywhere: once the server has revoked every token, this browser forgets its own too. */
export function useLogoutAll() {
  const clearSession = useClearSession();
  return useMutation({ mutationFn: logoutAll, onSuccess: clearSession });
}
