import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MessageResponse } from '../types';

export async function forgotPassword(body: { email: string }): Promise<MessageResponse> {
  const { data } = await api.post<MessageResponse>('/auth/forgot-password', body);
  return data;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
