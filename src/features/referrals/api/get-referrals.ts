import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Referrals } from '../types';
import { referralKeys } from './referral-keys';

/** The signed-in publisher's referral link, the programme's terms and the publishers they referred. */
export async function getReferrals(): Promise<Referrals> {
  const { data } = await api.get<Referrals>('/referrals');
  return data;
}

export const getReferralsQueryOptions = () =>
  queryOptions({ queryKey: referralKeys.mine(), queryFn: getReferrals });

export function useReferrals() {
  return useQuery(getReferralsQueryOptions());
}
