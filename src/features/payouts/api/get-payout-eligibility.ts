import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Eligibility } from '../types';
import { payoutKeys } from './payout-keys';

/** Per currency: the balance a payout would take, the minimum in that currency and what blocks a request. */
export async function getPayoutEligibility(): Promise<Eligibility> {
  const { data } = await api.get<Eligibility>('/payouts/eligibility');
  return data;
}

export const getPayoutEligibilityQueryOptions = () =>
  queryOptions({ queryKey: payoutKeys.eligibility(), queryFn: getPayoutEligibility });

export function usePayoutEligibility(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getPayoutEligibilityQueryOptions(), refetchOnMount: 'always', ...options });
}
