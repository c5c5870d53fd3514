import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MessageResponse } from '../types';

export async function resetPassword(body: { token: string; new_password: string }): Promise<MessageResponse> {
  const { data } = await api.post<MessageResponse>('/auth/reset-password', body);
  return data;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
