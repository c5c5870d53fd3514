import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
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

export async function updateCampaign(input: UpdateCampaignInput): Promise<Campaign> {
  const { id, body } = updateCampaignInputSchema.parse(input);
  const { data } = await api.put<Campaign>(`/campaigns/${encodeURIComponent(id)}`, body);
  return data;
}

/**
 * Optimistic on the cached single campaign (spec §4): the edit shows at once and is rolled back to the
 * previous copy if the server refuses it. Lists take the server's answer only.
 */
export const updateCampaignMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: updateCampaign,
    onMutate: async ({ id, body }) => {
      const key = campaignKeys.detail(id);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Campaign>(key);
      if (previous) queryClient.setQueryData<Campaign>(key, { ...previous, ...body });
      return { previous };
    },
    onError: (_error, { id }, context) => {
      if (context?.previous) queryClient.setQueryData(campaignKeys.detail(id), context.previous);
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(campaignKeys.detail(updated.id), updated);
      queryClient.setQueriesData<CampaignPage>({ queryKey: campaignKeys.lists() }, (page) =>
        page ? { ...page, items: replaceCampaign(page.items, updated) } : page,
      );
    },
  });

export function useUpdateCampaign() {
  return useMutation(updateCampaignMutationOptions(useQueryClient()));
}
