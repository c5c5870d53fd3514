import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MediaItem } from '../types';
import { messagingKeys } from './messaging-keys';

/** Spec §7: GET media pages by 20. The attachment picker shows the newest ones. */
export const MEDIA_PAGE_SIZE = 20;

/** The caller's media library, newest first (the attachment picker's choices). */
export async function getMyMedia(): Promise<MediaItem[]> {
  const { data } = await api.get<MediaItem[]>('/media', { params: { limit: MEDIA_PAGE_SIZE, offset: 0 } });
  return data;
}

export const getMyMediaQueryOptions = () =>
  queryOptions({ queryKey: messagingKeys.media(), queryFn: getMyMedia });

export function useMyMedia(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getMyMediaQueryOptions(), ...options });
}
