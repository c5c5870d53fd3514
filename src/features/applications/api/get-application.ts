import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Application } from '../types';
import { applicationKeys } from './application-keys';

/** One application its publisher, the campaign's advertiser or an admin may see. */
export async function getApplication(id: string): Promise<Application> {
  const { data } = await api.get<Application>(`/applications/${id}`);
  return data;
}

export const getApplicationQueryOptions = (id: string) =>
  queryOptions({ queryKey: applicationKeys.detail(id), queryFn: () => getApplication(id) });

export function useApplication(id: string) {
  return useQuery(getApplicationQueryOptions(id));
}
