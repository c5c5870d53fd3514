import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { IntegrationKind } from '../types';
import { integrationKeys } from './integration-keys';

/** What a webhook endpoint and a postback have in common on the wire. */
export interface IntegrationItem {
  id: string;
  url: string;
  enabled: boolean;
}

/**
 * Puts what the server answered for a saved endpoint or postback into the cached list at once (in place, or
 * first when new), then refetches the list to be sure.
 */
async function storeSaved(queryClient: QueryClient, kind: IntegrationKind, saved: IntegrationItem) {
  queryClient.setQueryData<IntegrationItem[]>(integrationKeys.list(kind), (list) => {
    if (!list) return list;
    return list.some((item) => item.id === saved.id)
      ? list.map((item) => (item.id === saved.id ? saved : item))
      : [saved, ...list];
  });
  await queryClient.invalidateQueries({ queryKey: integrationKeys.list(kind), exact: true });
}

/**
 * Adds an endpoint or postback (`POST /{kind}`), or with `id` changes it (`PUT /{kind}/{id}`); the list shows
 * the server's answer at once.
 */
export function useSaveIntegration<Input extends object, Saved extends IntegrationItem>(
  kind: IntegrationKind,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: Input & { id?: string }) =>
      id
        ? (await api.put<Saved>(`/${kind}/${id}`, input)).data
        : (await api.post<Saved>(`/${kind}`, input)).data,
    onSuccess: (saved) => void storeSaved(queryClient, kind, saved),
  });
}

/** Switches an endpoint or postback on or off (`PUT /{kind}/{id}` with `enabled` only). */
export function useSetEnabled(kind: IntegrationKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: string; enabled: boolean }) =>
      (await api.put<IntegrationItem>(`/${kind}/${id}`, { enabled })).data,
    onSuccess: (saved) => void storeSaved(queryClient, kind, saved),
  });
}

/** Deletes an endpoint or postback with its delivery log, and drops it from the cached list. */
export function useDeleteIntegration(kind: IntegrationKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`/${kind}/${id}`);
    },
    onSuccess: (_, id) => {
      queryClient.setQueryData<IntegrationItem[]>(integrationKeys.list(kind), (list) =>
        list?.filter((item) => item.id !== id),
      );
      queryClient.removeQueries({ queryKey: integrationKeys.deliveries(kind, id) });
      void queryClient.invalidateQueries({ queryKey: integrationKeys.list(kind), exact: true });
    },
  });
}
