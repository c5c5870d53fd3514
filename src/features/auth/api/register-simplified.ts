import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../stores/auth-store';
import type { RegisterSimplifiedBody } from '../types';
import { hasToken, type RegisterResponse } from './register';
import { currentLanguage } from '../../../lib/i18n';

export async function registerSimplified(body: RegisterSimplifiedBody): Promise<RegisterResponse> {
  const { data } = await api.post<RegisterResponse>('/auth/register-simplified', {
    ...body,
    language: body.language ?? currentLanguage(),
  });
  return data;
}

export function useRegisterSimplified() {
  const store = useAuthStore();
  return useMutation({
    mutationFn: registerSimplified,
    onSuccess: (response) => {
      if (hasToken(response)) store.setSession(response.access_token, response.user);
    },
  });
}
