import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../stores/auth-store';
import type { UpdateProfileBody, User } from '../types';
import { authKeys } from './auth-keys';

export async function updateProfile(body: UpdateProfileBody): Promise<User> {
  const { data } = await api.put<User>('/auth/profile', body);
  return data;
}

export function useUpdateProfile() {
  const store = useAuthStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      store.setUser(user);
      queryClient.setQueryData(authKeys.me(), user);
    },
  });
}
