import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Campaign } from '../types';
import { campaignInputSchema, type CampaignInput } from './campaign-input-schema';
import { campaignKeys } from './campaign-keys';

export const createCampaignInputSchema = campaignInputSchema;

export async function createCampaign(input: CampaignInput): Promise<Campaign> {
  const body = createCampaignInputSchema.parse(input);
  const { data } = await api.post<Campaign>('/campaigns', body);
  return data;
}

export const createCampaignMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: createCampaign,
    onSuccess: (created) => {
      queryClient.setQueryData(campaignKeys.detail(created.id), created);
      // Lists are refetched when next shown; the list store puts the new campaign on top meanwhile.
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists(), refetchType: 'none' });
    },
  });

export function useCreateCampaign() {
  return useMutation(createCampaignMutationOptions(useQueryClient()));
}
