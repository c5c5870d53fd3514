import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { AdminUser } from '../types';
import { applyUserChange } from './admin-user-cache';

export const suspendInputSchema = z.object({
  id: z.string().min(1),
  reason: z.string().trim().max(2000),
});
export type SuspendInput = z.input<typeof suspendInputSchema>;

/** active → suspended: every session ends at once; campaigns pause, tracking links stop. */
export async function suspendUser(input: SuspendInput): Promise<AdminUser> {
  const { id, reason } = suspendInputSchema.parse(input);
  const { data } = await api.post<AdminUser>(
    `/admin/users/${encodeURIComponent(id)}/suspend`,
    reason ? { reason } : {},
  );
  return data;
}

export function useSuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendUser,
    onSuccess: (user) => applyUserChange(queryClient, user),
  });
}
