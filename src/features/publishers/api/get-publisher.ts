import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PublisherSummary } from '../types';
import { publisherKeys } from './publisher-keys';

export async function getPublisher(id: string): Promise<PublisherSummary> {
  const { data } = await api.get<PublisherSummary>(`/publishers/${encodeURIComponent(id)}`);
  return data;
}

export const getPublisherQueryOptions = (id: string) =>
  queryOptions({ queryKey: publisherKeys.detail(id), queryFn: () => getPublisher(id) });

export function usePublisher(id: string) {
  return useQuery(getPublisherQueryOptions(id));
}
