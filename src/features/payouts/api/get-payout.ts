import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PayoutDetail } from '../types';
import { payoutKeys, type PayoutDetailParams } from './payout-keys';

/** One payout: what it covers per campaign and a page of its commissions (commission_count in all). */
export async function getPayout({ id, page, limit }: PayoutDetailParams): Promise<PayoutDetail> {
  const { data } = await api.get<PayoutDetail>(`/payouts/${encodeURIComponent(id)}`, {
    params: { limit, offset: (page - 1) * limit },
  });
  return data;
}

export const getPayoutQueryOptions = (params: PayoutDetailParams) =>
  queryOptions({ queryKey: payoutKeys.detail(params), queryFn: () => getPayout(params) });

export function usePayout(params: PayoutDetailParams | null) {
  return useQuery({
    ...getPayoutQueryOptions(params ?? { id: '', page: 1, limit: 1 }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
