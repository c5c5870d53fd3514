import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { translate } from '../../../lib/i18n';
import { type AdminUser } from '../types';
import { adminKeys } from './admin-keys';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../contracts/passwords';
import { ROLES } from '../../../../contracts/users';

export const createUserInputSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: () => translate('admin', 'form.emailRequired') })
    .pipe(z.email({ error: () => translate('admin', 'form.emailInvalid') })),
  name: z
    .string()
    .trim()
    .min(1, { error: () => translate('admin', 'form.nameRequired') })
    .max(200, { error: () => translate('admin', 'form.atMost', { count: 200 }) }),
  role: z.enum(ROLES, { error: () => translate('admin', 'form.pickRole') }),
  /** '' = no password: the server e-mails an invite with a set-password link */
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH, {
      error: () => translate('admin', 'form.atMost', { count: PASSWORD_MAX_LENGTH }),
    })
    .refine((password) => password === '' || password.length >= PASSWORD_MIN_LENGTH, {
      error: () => translate('admin', 'form.atLeast', { count: PASSWORD_MIN_LENGTH }),
    }),
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
