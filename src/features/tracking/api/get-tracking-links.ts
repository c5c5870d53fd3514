import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TrackingLink } from '../types';
import { trackingKeys, type TrackingLinkParams } from './tracking-keys';

/** An advertiser's links per publisher, a publisher's own, every link for admins (one unpaged list). */
export async function getTrackingLinks(params: TrackingLinkParams): Promise<TrackingLink[]> {
  const { data } = await api.get<TrackingLink[]>('/tracking/links', {
    params: params.campaign_id ? { campaign_id: params.campaign_id } : {},
  });
  return data;
}

export const getTrackingLinksQueryOptions = (params: TrackingLinkParams) =>
  queryOptions({ queryKey: trackingKeys.linkList(params), queryFn: () => getTrackingLinks(params) });

export function useTrackingLinks(params: TrackingLinkParams, options: { enabled?: boolean } = {}) {
  // Click and conversion counts move all the time: refresh whenever the page opens.
  return useQuery({ ...getTrackingLinksQueryOptions(params), refetchOnMount: 'always', ...options });
}
