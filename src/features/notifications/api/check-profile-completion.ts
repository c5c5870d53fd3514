import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

export interface ProfileCompletionCheck {
  missing_fields: string[];
  created: number;
}

/** Asks the server to (re)create reminders for missing profile fields and drop those now filled. */
export async function checkProfileCompletion(): Promise<ProfileCompletionCheck> {
  const { data } = await api.post<ProfileCompletionCheck>('/notifications/check-profile-completion');
  return data;
}

export const checkProfileCompletionMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: checkProfileCompletion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });

export function useCheckProfileCompletion() {
  return useMutation(checkProfileCompletionMutationOptions(useQueryClient()));
}
