import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CommissionTotal } from '../types';
import { filterParams } from '../utils/query-params';
import { commissionKeys, type CommissionTotalsParams } from './commission-keys';

/** Count and sum per status and currency for the list's filters (status and paging aside). */
export async function getCommissionTotals(params: CommissionTotalsParams): Promise<CommissionTotal[]> {
  const { data } = await api.get<CommissionTotal[]>('/commissions/totals', { params: filterParams(params) });
  return data;
}

export const getCommissionTotalsQueryOptions = (params: CommissionTotalsParams) =>
  queryOptions({ queryKey: commissionKeys.totals(params), queryFn: () => getCommissionTotals(params) });

export function useCommissionTotals(params: CommissionTotalsParams) {
  return useQuery({
    ...getCommissionTotalsQueryOptions(params),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
