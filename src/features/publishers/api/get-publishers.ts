import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PublisherSummary } from '../types';
import { publisherKeys, type PublisherListParams } from './publisher-keys';

export interface PublisherPage {
  items: PublisherSummary[];
  total: number;
}

export async function getPublishers(params: PublisherListParams): Promise<PublisherPage> {
  const search = params.search.trim();
  const { data, headers } = await api.get<PublisherSummary[]>('/publishers', {
    params: { limit: params.limit, offset: (params.page - 1) * params.limit, ...(search ? { search } : {}) },
  });
  const header = headers['x-total-count'];
  const total = Number(header);
  return { items: data, total: header != null && Number.isFinite(total) ? total : data.length };
}

export const getPublishersQueryOptions = (params: PublisherListParams) =>
  queryOptions({ queryKey: publisherKeys.list(params), queryFn: () => getPublishers(params) });

export function usePublishers(params: PublisherListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getPublishersQueryOptions(params), placeholderData: keepPreviousData, ...options });
}
