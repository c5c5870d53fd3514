import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { type AdminUser } from '../types';
import { adminKeys } from './admin-keys';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../contracts/passwords';
import { ROLES } from '../../../../contracts/users';

export const createUserInputSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email({ error: 'Enter a valid e-mail address' })),
  name: z.string().trim().min(1, 'Name is required').max(200, 'At most 200 characters'),
  role: z.enum(ROLES, { error: 'Pick a role' }),
  /** '' = no password: the server e-mails an invite with a set-password link */
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`)
    .refine(
      (password) => password === '' || password.length >= PASSWORD_MIN_LENGTH,
      `At least ${PASSWORD_MIN_LENGTH} characters`,
    ),
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
