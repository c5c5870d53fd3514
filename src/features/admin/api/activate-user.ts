import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AdminUser } from '../types';
import { applyUserChange } from './admin-user-cache';

/** suspended → active; paused campaigns stay paused until their advertiser resumes them. */
export async function activateUser(id: string): Promise<AdminUser> {
  const { data } = await api.post<AdminUser>(`/admin/users/${encodeURIComponent(id)}/activate`);
  return data;
}

export function useActivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateUser,
    onSuccess: (user) => applyUserChange(queryClient, user),
  });
}
