import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../stores/auth-store';

/** Logout forgets the token and user and drops every cached query (nothing of this account stays). */
export function useLogout(): () => void {
  const store = useAuthStore();
  const queryClient = useQueryClient();
  return useCallback(() => {
    store.clear();
    queryClient.clear();
  }, [store, queryClient]);
}
