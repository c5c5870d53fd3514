import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MediaLimits } from '../types';
import { mediaKeys } from './media-keys';

/** The upload size cap (admin setting) and the accepted types. */
export async function getMediaLimits(): Promise<MediaLimits> {
  const { data } = await api.get<MediaLimits>('/media/limits');
  return data;
}

export const getMediaLimitsQueryOptions = () =>
  queryOptions({ queryKey: mediaKeys.limits(), queryFn: getMediaLimits });

export function useMediaLimits() {
  return useQuery(getMediaLimitsQueryOptions());
}
