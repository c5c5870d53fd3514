import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Website } from '../types';
import { websiteKeys } from './website-keys';

/** A publisher's own websites (the server scopes the list to the caller); 100 is the server's maximum. */
export const OWN_WEBSITES_PARAMS = { limit: 100, offset: 0 };

export async function getWebsites(params = OWN_WEBSITES_PARAMS): Promise<Website[]> {
  const { data } = await api.get<Website[]>('/websites', { params });
  return data;
}

export const getWebsitesQueryOptions = (params = OWN_WEBSITES_PARAMS) =>
  queryOptions({ queryKey: websiteKeys.list(params), queryFn: () => getWebsites(params) });

export function useWebsites(options: { enabled?: boolean; refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({ ...getWebsitesQueryOptions(), ...options });
}
