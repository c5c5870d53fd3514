import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Notification } from '../types';
import { notificationKeys } from './notification-keys';

/** The user's open profile_completion notifications (one per missing profile field). */
export async function getProfileCompletion(): Promise<Notification[]> {
  const { data } = await api.get<Notification[]>('/notifications/profile-completion');
  return data;
}

export const getProfileCompletionQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.profileCompletion(), queryFn: getProfileCompletion });

export function useProfileCompletion(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getProfileCompletionQueryOptions(), ...options });
}
