import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Notification } from '../types';
import { notificationKeys } from './notification-keys';

/** Unread, unarchived notifications that ask the user to do something. */
export async function getActionRequired(limit: number): Promise<Notification[]> {
  const { data } = await api.get<Notification[]>('/notifications/action-required', { params: { limit } });
  return data;
}

export const getActionRequiredQueryOptions = (limit: number) =>
  queryOptions({ queryKey: notificationKeys.actionRequired(limit), queryFn: () => getActionRequired(limit) });

export function useActionRequired(limit: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getActionRequiredQueryOptions(limit), ...options });
}
