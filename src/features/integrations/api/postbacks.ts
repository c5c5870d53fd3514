import { useQuery } from '@tanstack/react-query';
import type { PostbackMethod, PostbackTrigger } from '../../../../contracts/integrations';
import { api } from '../../../lib/api-client';
import type { Postback, PostbackCampaign, PostbackPreview } from '../types';
import { integrationKeys } from './integration-keys';
import { useSaveIntegration } from './integration-items';

export interface PostbackInput {
  url: string;
  campaign_id: string | null;
  on: PostbackTrigger[];
  method: PostbackMethod;
}

/** A new postback, or the changed fields of an existing one. */
export type PostbackSave = PostbackInput | (Partial<PostbackInput> & { id: string });

/** The publisher's postback URLs. */
export async function getPostbacks(): Promise<Postback[]> {
  const { data } = await api.get<Postback[]>('/publisher-postbacks');
  return data;
}

export function usePostbacks() {
  return useQuery({ queryKey: integrationKeys.postbacks(), queryFn: getPostbacks });
}

/** Macro values of the latest conversion (in the campaign, or any), or samples. */
export function usePostbackPreview(campaignId: string | null) {
  return useQuery({
    queryKey: integrationKeys.preview(campaignId),
    queryFn: async () =>
      (
        await api.get<PostbackPreview>('/publisher-postbacks/preview', {
          params: campaignId ? { campaign_id: campaignId } : {},
        })
      ).data,
  });
}

/** The campaigns the publisher is approved in (from their approved applications), one entry each. */
export function useApprovedCampaigns() {
  return useQuery({
    queryKey: integrationKeys.campaigns(),
    queryFn: async (): Promise<PostbackCampaign[]> => {
      const { data } = await api.get<{ campaign_id: string; campaign_name: string }[]>('/applications', {
        params: { status: 'approved', limit: 100, offset: 0 },
      });
      const byId = new Map(data.map((a) => [a.campaign_id, a.campaign_name]));
      return [...byId].map(([id, name]) => ({ id, name }));
    },
  });
}

/** Adds a postback, or with `id` changes it. */
export function useSavePostback() {
  return useSaveIntegration<PostbackSave, Postback>('publisher-postbacks');
}
