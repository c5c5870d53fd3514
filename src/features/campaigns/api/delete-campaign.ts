import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { Campaign } from '../types';
import { removeCampaign, replaceCampaign } from '../utils/campaign-items';
import { campaignKeys } from './campaign-keys';
import type { CampaignPage } from './get-campaigns';

export const deleteCampaignInputSchema = z.object({ id: z.string().min(1) });

/**
 * 204: the campaign is gone (null). 200: it has tracking history (clicks or commissions), so the server
 * kept it and ended it instead; the answer is that ended campaign.
 */
export async function deleteCampaign(
  input: z.infer<typeof deleteCampaignInputSchema>,
): Promise<Campaign | null> {
  const { id } = deleteCampaignInputSchema.parse(input);
  const response = await api.delete<Campaign | ''>(`/campaigns/${encodeURIComponent(id)}`);
  return response.status === 200 && response.data ? response.data : null;
}

export const deleteCampaignMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: deleteCampaign,
    onSuccess: (ended, { id }) => {
      if (ended) {
        queryClient.setQueryData(campaignKeys.detail(ended.id), ended);
        queryClient.setQueriesData<CampaignPage>({ queryKey: campaignKeys.lists() }, (page) =>
          page ? { ...page, items: replaceCampaign(page.items, ended) } : page,
        );
      } else {
        queryClient.removeQueries({ queryKey: campaignKeys.detail(id) });
        queryClient.setQueriesData<CampaignPage>({ queryKey: campaignKeys.lists() }, (page) =>
          page ? { items: removeCampaign(page.items, id), total: page.total && page.total - 1 } : page,
        );
      }
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists(), refetchType: 'none' });
    },
  });

export function useDeleteCampaign() {
  return useMutation(deleteCampaignMutationOptions(useQueryClient()));
}
