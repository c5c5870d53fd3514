import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Commission } from '../types';
import { filterParams } from '../utils/query-params';
import { commissionKeys, type CommissionListParams } from './commission-keys';

export interface CommissionPage {
  items: Commission[];
  total: number;
}

/** A publisher's own commissions, those on an advertiser's campaigns, all for admins (tests excluded). */
export async function getCommissions(params: CommissionListParams): Promise<CommissionPage> {
  const { data, headers } = await api.get<Commission[]>('/commissions', {
    params: {
      ...(params.status !== 'all' ? { status: params.status } : {}),
      ...filterParams(params),
      limit: params.limit,
      offset: (params.page - 1) * params.limit,
    },
  });
  const header: unknown = headers['x-total-count'];
  const total = Number(header);
  return { items: data, total: header != null && Number.isFinite(total) ? total : data.length };
}

export const getCommissionsQueryOptions = (params: CommissionListParams) =>
  queryOptions({ queryKey: commissionKeys.list(params), queryFn: () => getCommissions(params) });

export function useCommissions(params: CommissionListParams) {
  return useQuery({
    ...getCommissionsQueryOptions(params),
    placeholderData: keepPreviousData,
    // Others change commissions (the advertiser's decisions, the hold-period job): show the cached page
    // at once, but always ask the server again when the page opens.
    refetchOnMount: 'always',
  });
}
