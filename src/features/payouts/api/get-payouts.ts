import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Payout } from '../types';
import { payoutKeys, payoutQuery, type PayoutListParams } from './payout-keys';

export interface PayoutPage {
  items: Payout[];
  total: number;
}

/** A publisher's own payouts; every payout for admins, with the queue's filters. */
export async function getPayouts(params: PayoutListParams): Promise<PayoutPage> {
  const { data, headers } = await api.get<Payout[]>('/payouts', {
    params: { ...payoutQuery(params), limit: params.limit, offset: (params.page - 1) * params.limit },
  });
  const header: unknown = headers['x-total-count'];
  const total = Number(header);
  return { items: data, total: header != null && Number.isFinite(total) ? total : data.length };
}

export const getPayoutsQueryOptions = (params: PayoutListParams) =>
  queryOptions({ queryKey: payoutKeys.list(params), queryFn: () => getPayouts(params) });

export function usePayouts(params: PayoutListParams) {
  // others move payouts on (the admin, the publisher): ask again whenever the page opens
  return useQuery({
    ...getPayoutsQueryOptions(params),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
