import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Follows an e-mailed confirmation link: POST /auth/verify-email with its token. */
export async function verifyEmail(token: string): Promise<{ message: string }> {
  const { data } = await api.post<{ message: string }>('/auth/verify-email', { token });
  return data;
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
