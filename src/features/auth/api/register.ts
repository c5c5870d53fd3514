import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../stores/auth-store';
import type { PendingRegistrationResponse, RegisterBody, TokenResponse } from '../types';
import { currentLanguage } from '../../../lib/i18n';

export type RegisterResponse = TokenResponse | PendingRegistrationResponse;

export function hasToken(response: RegisterResponse): response is TokenResponse {
  return 'access_token' in response && typeof response.access_token === 'string';
}

export async function register(body: RegisterBody): Promise<RegisterResponse> {
  const { data } = await api.post<RegisterResponse>('/auth/register', {
    ...body,
    language: body.language ?? currentLanguage(),
  });
  return data;
}

/** Signs the user in when the account is active; a pending account only gets the server's message. */
export function useRegister() {
  const store = useAuthStore();
  return useMutation({
    mutationFn: register,
    onSuccess: (response) => {
      if (hasToken(response)) store.setSession(response.access_token, response.user);
    },
  });
}
