import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { LedgerHead } from '../types';
import { ledgerKeys } from './ledger-keys';

export async function getLedgerHead(): Promise<LedgerHead> {
  const { data } = await api.get<LedgerHead>('/ledger/head');
  return data;
}

export const getLedgerHeadQueryOptions = () =>
  queryOptions({ queryKey: ledgerKeys.head(), queryFn: getLedgerHead });

export function useLedgerHead() {
  return useQuery({ ...getLedgerHeadQueryOptions(), refetchOnMount: 'always' });
}
