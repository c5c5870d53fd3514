import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Media } from '../types';
import { mediaKeys, type MediaListParams } from './media-keys';

export interface MediaPage {
  items: Media[];
  total: number;
}

/** The viewer's media library, newest first (or a campaign's creatives the viewer may download). */
export async function getMedia(params: MediaListParams): Promise<MediaPage> {
  const { data, headers } = await api.get<Media[]>('/media', {
    params: {
      limit: params.limit,
      offset: (params.page - 1) * params.limit,
      ...(params.kind !== 'all' ? { kind: params.kind } : {}),
      ...(params.campaignId ? { campaign_id: params.campaignId } : {}),
    },
  });
  const header: unknown = headers['x-total-count'];
  const total = Number(header);
  return { items: data, total: header != null && Number.isFinite(total) ? total : data.length };
}

export const getMediaQueryOptions = (params: MediaListParams) =>
  queryOptions({ queryKey: mediaKeys.list(params), queryFn: () => getMedia(params) });

export function useMedia(params: MediaListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getMediaQueryOptions(params), placeholderData: keepPreviousData, ...options });
}
