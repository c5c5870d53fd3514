import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { removeCampaign } from '../utils/campaign-items';
import { campaignKeys } from './campaign-keys';
import type { CampaignPage } from './get-campaigns';

export const deleteCampaignInputSchema = z.object({ id: z.string().min(1) });

export async function deleteCampaign(input: z.infer<typeof deleteCampaignInputSchema>): Promise<void> {
  const { id } = deleteCampaignInputSchema.parse(input);
  await api.delete(`/campaigns/${encodeURIComponent(id)}`);
}

export const deleteCampaignMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: deleteCampaign,
    onSuccess: (_void, { id }) => {
      queryClient.removeQueries({ queryKey: campaignKeys.detail(id) });
      queryClient.setQueriesData<CampaignPage>({ queryKey: campaignKeys.lists() }, (page) =>
        page ? { items: removeCampaign(page.items, id), total: page.total && page.total - 1 } : page,
      );
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists(), refetchType: 'none' });
    },
  });

export function useDeleteCampaign() {
  return useMutation(deleteCampaignMutationOptions(useQueryClient()));
}
