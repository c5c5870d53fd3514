import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../stores/auth-store';
import type { UpdateProfileBody, User } from '../types';
import { authKeys } from './auth-keys';

/**
 * The updated user; after a password change also a new `access_token`, because the server then revokes
 * every older token, the one this call was made with included.
 */
export type UpdateProfileResponse = User & { access_token?: string };

export async function updateProfile(body: UpdateProfileBody): Promise<UpdateProfileResponse> {
  const { data } = await api.put<UpdateProfileResponse>('/auth/profile', body);
  return data;
}

export function useUpdateProfile() {
  const store = useAuthStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ access_token, ...user }) => {
      // The new token keeps this browser signed in; the old one no longer works anywhere.
      if (access_token) store.setSession(access_token, user);
      else store.setUser(user);
      queryClient.setQueryData(authKeys.me(), user);
    },
  });
}
