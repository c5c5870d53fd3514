import { mutationOptions, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/offline/idempotency-key';
import { offlineMutationOptions, useOfflineMutation } from '../../../lib/offline/offline-mutation';
import type { Website } from '../types';
import { websiteInputSchema } from './website-input-schema';
import { websiteKeys } from './website-keys';

export const updateWebsiteInputSchema = z.object({
  id: z.string().min(1),
  body: websiteInputSchema.partial(),
});
export type UpdateWebsiteInput = z.infer<typeof updateWebsiteInputSchema>;

export const updateWebsiteKey = [...websiteKeys.all, 'update'] as const;

export async function updateWebsite(input: UpdateWebsiteInput, idempotencyKey?: string): Promise<Website> {
  const { id, body } = updateWebsiteInputSchema.parse(input);
  const { data } = await api.put<Website>(
    `/websites/${encodeURIComponent(id)}`,
    body,
    idempotencyKey ? { headers: idempotencyHeaders(idempotencyKey) } : undefined,
  );
  return data;
}

/** Puts the server's copy of a website into every cached list (shared with verify). */
export function storeWebsite(queryClient: QueryClient, website: Website) {
  queryClient.setQueryData(websiteKeys.detail(website.id), website);
  queryClient.setQueriesData<Website[]>({ queryKey: websiteKeys.lists() }, (list) =>
    list?.map((w) => (w.id === website.id ? website : w)),
  );
}

/** The edit shows in the cached lists at once (also while queued offline); they are put back on refusal. */
export const updateWebsiteMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (input: UpdateWebsiteInput) => updateWebsite(input),
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey: websiteKeys.lists() });
      const lists: [QueryKey, Website[] | undefined][] = queryClient.getQueriesData<Website[]>({
        queryKey: websiteKeys.lists(),
      });
      queryClient.setQueriesData<Website[]>({ queryKey: websiteKeys.lists() }, (list) =>
        list?.map((w) => (w.id === id ? { ...w, ...body } : w)),
      );
      return { lists };
    },
    onError: (_error, _input, context) => {
      for (const [key, list] of context?.lists ?? []) queryClient.setQueryData(key, list);
    },
    onSuccess: (website) => storeWebsite(queryClient, website),
  });

/** The same edit, queued offline and replayed once with its Idempotency-Key (setMutationDefaults). */
export const updateWebsiteOfflineOptions = (queryClient: QueryClient) =>
  offlineMutationOptions({
    ...updateWebsiteMutationOptions(queryClient),
    mutationKey: updateWebsiteKey,
    label: 'website edit',
    send: updateWebsite,
  });

export function useUpdateWebsite() {
  return useOfflineMutation(updateWebsiteOfflineOptions(useQueryClient()));
}
