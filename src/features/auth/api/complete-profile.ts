import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../stores/auth-store';
import type { CompleteProfileBody, User } from '../types';
import { authKeys } from './auth-keys';

export async function completeProfile(body: CompleteProfileBody): Promise<User> {
  const { data } = await api.post<User>('/auth/complete-profile', body);
  return data;
}

export function useCompleteProfile() {
  const store = useAuthStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeProfile,
    onSuccess: (user) => {
      store.setUser(user);
      queryClient.setQueryData(authKeys.me(), user);
    },
  });
}
