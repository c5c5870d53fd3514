import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CommissionBalance } from '../types';
import { commissionKeys } from './commission-keys';

/** A publisher's balance per currency: approved and unpaid (clawbacks included), and pending. */
export async function getCommissionBalance(): Promise<CommissionBalance[]> {
  const { data } = await api.get<CommissionBalance[]>('/commissions/balance');
  return data;
}

export const getCommissionBalanceQueryOptions = () =>
  queryOptions({ queryKey: commissionKeys.balance(), queryFn: getCommissionBalance });

export function useCommissionBalance(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getCommissionBalanceQueryOptions(), refetchOnMount: 'always', ...options });
}
