import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PushSubscriptionsResponse } from '../types';
import { pushKeys } from './push-keys';

/** The account's push subscriptions and the server's VAPID public key. */
export async function getPushSubscriptions(): Promise<PushSubscriptionsResponse> {
  const { data } = await api.get<PushSubscriptionsResponse>('/my/push/subscriptions');
  return data;
}

export const getPushSubscriptionsQueryOptions = () =>
  queryOptions({ queryKey: pushKeys.subscriptions(), queryFn: getPushSubscriptions });

export function usePushSubscriptions() {
  return useQuery(getPushSubscriptionsQueryOptions());
}
