import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { USER_ROLES, type AdminUser } from '../types';
import { adminKeys } from './admin-keys';

export const createUserInputSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email({ error: 'Enter a valid e-mail address' })),
  name: z.string().trim().min(1, 'Name is required').max(200, 'At most 200 characters'),
  role: z.enum(USER_ROLES, { error: 'Pick a role' }),
  /** '' = no password: the server e-mails an invite with a set-password link */
  password: z
    .string()
    .max(128, 'At most 128 characters')
    .refine((password) => password === '' || password.length >= 8, 'At least 8 characters'),
});
export type CreateUserInput = z.input<typeof createUserInputSchema>;

export async function createUser(input: CreateUserInput): Promise<AdminUser> {
  const { password, ...rest } = createUserInputSchema.parse(input);
  const { data } = await api.post<AdminUser>('/admin/users', password ? { ...rest, password } : rest);
  return data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
