import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { type AdminUser } from '../types';
import { applyUserChange } from './admin-user-cache';
import { ROLES } from '../../../../contracts/users';

export const changeRoleInputSchema = z.object({ id: z.string().min(1), role: z.enum(ROLES) });
export type ChangeRoleInput = z.infer<typeof changeRoleInputSchema>;

/** The explicit role change: the user's sessions end and they sign in again with the new role. */
export async function changeUserRole(input: ChangeRoleInput): Promise<AdminUser> {
  const { id, role } = changeRoleInputSchema.parse(input);
  const { data } = await api.post<AdminUser>(`/admin/users/${encodeURIComponent(id)}/role`, { role });
  return data;
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSuccess: (user) => applyUserChange(queryClient, user),
  });
}
