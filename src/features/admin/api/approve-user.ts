import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AdminUser } from '../types';
import { applyUserChange } from './admin-user-cache';

/** pending → active; the server e-mails the user that they can log in. */
export async function approveUser(id: string): Promise<AdminUser> {
  const { data } = await api.post<AdminUser>(`/admin/users/${encodeURIComponent(id)}/approve`);
  return data;
}

export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: (user) => applyUserChange(queryClient, user),
  });
}
