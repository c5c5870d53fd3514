import { mutationOptions, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/offline/idempotency-key';
import { offlineMutationOptions, useOfflineMutation } from '../../../lib/offline/offline-mutation';
import type { Campaign } from '../types';
import { replaceCampaign } from '../utils/campaign-items';
import { campaignInputSchema } from './campaign-input-schema';
import { campaignKeys } from './campaign-keys';
import type { CampaignPage } from './get-campaigns';

export const updateCampaignInputSchema = z.object({
  id: z.string().min(1),
  body: campaignInputSchema.partial(),
});
export type UpdateCampaignInput = z.infer<typeof updateCampaignInputSchema>;

export const updateCampaignKey = [...campaignKeys.all, 'update'] as const;

export async function updateCampaign(input: UpdateCampaignInput, idempotencyKey?: string): Promise<Campaign> {
  const { id, body } = updateCampaignInputSchema.parse(input);
  const { data } = await api.put<Campaign>(
    `/campaigns/${encodeURIComponent(id)}`,
    body,
    idempotencyKey ? { headers: idempotencyHeaders(idempotencyKey) } : undefined,
  );
  return data;
}

interface UpdateCampaignContext {
  previous: Campaign | undefined;
  /** The cached lists as they were, to put back if the server refuses (or after a queued edit fails). */
  lists: [QueryKey, CampaignPage | undefined][];
}

/**
 * Optimistic (spec §4): the edit shows at once on the cached campaign and in the cached lists (so an
 * edit queued offline still shows after a reload), and is rolled back to the previous copies if the
 * server refuses it.
 */
export const updateCampaignMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (input: UpdateCampaignInput) => updateCampaign(input),
    onMutate: async ({ id, body }): Promise<UpdateCampaignContext> => {
      const key = campaignKeys.detail(id);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Campaign>(key);
      if (previous) queryClient.setQueryData<Campaign>(key, { ...previous, ...body });
      const lists = queryClient.getQueriesData<CampaignPage>({ queryKey: campaignKeys.lists() });
      queryClient.setQueriesData<CampaignPage>({ queryKey: campaignKeys.lists() }, (page) =>
        page ? { ...page, items: page.items.map((c) => (c.id === id ? { ...c, ...body } : c)) } : page,
      );
      return { previous, lists };
    },
    onError: (_error, { id }, context) => {
      if (context?.previous) queryClient.setQueryData(campaignKeys.detail(id), context.previous);
      for (const [key, page] of context?.lists ?? []) queryClient.setQueryData(key, page);
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(campaignKeys.detail(updated.id), updated);
      queryClient.setQueriesData<CampaignPage>({ queryKey: campaignKeys.lists() }, (page) =>
        page ? { ...page, items: replaceCampaign(page.items, updated) } : page,
      );
    },
  });

/** The same edit, queued offline and replayed once with its Idempotency-Key (setMutationDefaults). */
export const updateCampaignOfflineOptions = (queryClient: QueryClient) =>
  offlineMutationOptions({
    ...updateCampaignMutationOptions(queryClient),
    mutationKey: updateCampaignKey,
    label: 'campaign edit',
    send: updateCampaign,
  });

export function useUpdateCampaign() {
  return useOfflineMutation(updateCampaignOfflineOptions(useQueryClient()));
}
