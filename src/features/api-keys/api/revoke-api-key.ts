import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiKey } from '../types';
import { apiKeyKeys } from './api-key-keys';

/** Revokes a key: it stops working at once (204). */
export async function revokeApiKey(id: string): Promise<void> {
  await api.delete(`/api-keys/${id}`);
}

/** Drops the key from the list at once; puts it back if the server refused. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: apiKeyKeys.list() });
      const previous = queryClient.getQueryData<ApiKey[]>(apiKeyKeys.list());
      queryClient.setQueryData<ApiKey[]>(apiKeyKeys.list(), (old) => old?.filter((k) => k.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(apiKeyKeys.list(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}
