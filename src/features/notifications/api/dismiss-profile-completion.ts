import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { missingField } from '../types';
import { lowerUnreadCount, optimisticNotificationChange, removeFromCache } from '../utils/notification-cache';

export async function dismissProfileCompletion(field: string): Promise<{ dismissed: number }> {
  const { data } = await api.post<{ dismissed: number }>(
    `/notifications/dismiss-profile-completion/${encodeURIComponent(z.string().min(1).parse(field))}`,
  );
  return data;
}

/**
 * Spec §4: dismissing a field removes every profile-completion notification that references it (the
 * server keeps them dismissed). Removed at once, put back if the call fails.
 */
export const dismissProfileCompletionMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: dismissProfileCompletion,
    ...optimisticNotificationChange(queryClient, (field: string) =>
      lowerUnreadCount(
        queryClient,
        removeFromCache(queryClient, (n) => missingField(n) === field),
      ),
    ),
  });

export function useDismissProfileCompletion() {
  return useMutation(dismissProfileCompletionMutationOptions(useQueryClient()));
}
