import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Unread } from '../types';
import { messagingKeys } from './messaging-keys';

/** Polled as a fallback; the live stream refreshes it at once when a message arrives. */
export const UNREAD_POLL_MS = 60_000;

export async function getUnread(): Promise<Unread> {
  const { data } = await api.get<Unread>('/conversations/unread');
  return data;
}

export const getUnreadQueryOptions = () =>
  queryOptions({ queryKey: messagingKeys.unread(), queryFn: getUnread });

export function useUnread() {
  return useQuery({ ...getUnreadQueryOptions(), refetchInterval: UNREAD_POLL_MS, staleTime: 0 });
}
