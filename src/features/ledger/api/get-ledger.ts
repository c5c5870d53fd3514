import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { LedgerEntry } from '../types';
import { ledgerKeys, type LedgerListParams } from './ledger-keys';

export interface LedgerPage {
  items: LedgerEntry[];
  total: number;
}

/** The signed-in publisher's ledger, newest first. */
export async function getLedger(params: LedgerListParams): Promise<LedgerPage> {
  const { data, headers } = await api.get<LedgerEntry[]>('/ledger', {
    params: { limit: params.limit, offset: (params.page - 1) * params.limit },
  });
  const header: unknown = headers['x-total-count'];
  const total = Number(header);
  return { items: data, total: header != null && Number.isFinite(total) ? total : data.length };
}

export const getLedgerQueryOptions = (params: LedgerListParams) =>
  queryOptions({ queryKey: ledgerKeys.list(params), queryFn: () => getLedger(params) });

export function useLedger(params: LedgerListParams) {
  // advertisers and admins move the publisher's money: ask again whenever the page opens
  return useQuery({
    ...getLedgerQueryOptions(params),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
