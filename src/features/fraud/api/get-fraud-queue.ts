import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { FraudQueueItem } from '../types';
import { fraudKeys, type FraudQueueParams } from './fraud-keys';

/** One page of the review queue and the total (X-Total-Count). */
export async function getFraudQueue(params: FraudQueueParams) {
  const { data, headers } = await api.get<FraudQueueItem[]>('/fraud/queue', {
    params: { state: params.state, limit: params.limit, offset: (params.page - 1) * params.limit },
  });
  return { items: data, total: Number(headers['x-total-count'] ?? data.length) };
}

export const getFraudQueueQueryOptions = (params: FraudQueueParams) =>
  queryOptions({ queryKey: fraudKeys.queue(params), queryFn: () => getFraudQueue(params) });

export function useFraudQueue(params: FraudQueueParams) {
  return useQuery({ ...getFraudQueueQueryOptions(params), placeholderData: keepPreviousData });
}
