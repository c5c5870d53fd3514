import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { Notification } from '../types';
import { lowerUnreadCount, markReadInCache, optimisticNotificationChange } from '../utils/notification-cache';

const idSchema = z.string().min(1);

export async function markNotificationRead(id: string): Promise<Notification> {
  const { data } = await api.put<Notification>(
    `/notifications/${encodeURIComponent(idSchema.parse(id))}/read`,
  );
  return data;
}

/**
 * Optimistic (spec §4): is_read is set and the unread count lowered at once; both are put back if the
 * server refuses.
 */
export const markNotificationReadMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: markNotificationRead,
    ...optimisticNotificationChange(queryClient, (id: string) =>
      lowerUnreadCount(
        queryClient,
        markReadInCache(queryClient, (n) => n.id === id),
      ),
    ),
  });

export function useMarkNotificationRead() {
  return useMutation(markNotificationReadMutationOptions(useQueryClient()));
}
