import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { API_KEY_LIMITS, API_KEY_RESOURCES, API_KEY_SCOPES } from '../../../../contracts/api-keys';
import { api } from '../../../lib/api-client';
import { translate } from '../../../lib/i18n';
import type { ApiKey, CreatedApiKey } from '../types';
import { apiKeyKeys } from './api-key-keys';

export const createApiKeyInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => translate('api-keys', 'form.nameRequired') })
    .max(API_KEY_LIMITS.nameLength),
  scope: z.enum(API_KEY_SCOPES),
  resources: z.array(z.enum(API_KEY_RESOURCES)),
  expires_at: z.string().nullable(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>;

export async function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const { data } = await api.post<CreatedApiKey>('/api-keys', input);
  return data;
}

/** Creates a key and puts it on top of the list (without its secret, which only the answer holds). */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: ({ key: _secret, ...created }) => {
      queryClient.setQueryData<ApiKey[]>(apiKeyKeys.list(), (old) => [created, ...(old ?? [])]);
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() });
    },
  });
}
