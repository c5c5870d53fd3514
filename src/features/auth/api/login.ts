import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../stores/auth-store';
import type { LoginBody, TokenResponse } from '../types';

export async function login(body: LoginBody): Promise<TokenResponse> {
  const { data } = await api.post<TokenResponse>('/auth/login', body);
  return data;
}

export function useLogin() {
  const store = useAuthStore();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ access_token, user }) => store.setSession(access_token, user),
  });
}
