import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Sends the signed-in user a new confirmation link (rate limited per account: 429 names the wait). */
export async function resendVerification(): Promise<{ message: string }> {
  const { data } = await api.post<{ message: string }>('/auth/resend-verification');
  return data;
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
