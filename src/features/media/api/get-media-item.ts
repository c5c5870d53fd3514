import { queryOptions, useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Media } from '../types';
import { mediaKeys } from './media-keys';

export async function getMediaItem(id: string): Promise<Media> {
  const { data } = await api.get<Media>(`/media/${encodeURIComponent(id)}`);
  return data;
}

export const getMediaItemQueryOptions = (id: string) =>
  queryOptions({ queryKey: mediaKeys.detail(id), queryFn: () => getMediaItem(id) });

/** Several media by id (a campaign's chosen creatives), in the order given. */
export function useMediaItems(ids: readonly string[]) {
  return useQueries({ queries: ids.map((id) => getMediaItemQueryOptions(id)) });
}
