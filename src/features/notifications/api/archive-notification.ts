import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { Notification } from '../types';
import { lowerUnreadCount, optimisticNotificationChange, removeFromCache } from '../utils/notification-cache';

export async function archiveNotification(id: string): Promise<Notification> {
  const { data } = await api.put<Notification>(
    `/notifications/${encodeURIComponent(z.string().min(1).parse(id))}/archive`,
  );
  return data;
}

/** Archived notifications leave every list at once; they come back if the server refuses. */
export const archiveNotificationMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: archiveNotification,
    ...optimisticNotificationChange(queryClient, (id: string) =>
      lowerUnreadCount(
        queryClient,
        removeFromCache(queryClient, (n) => n.id === id),
      ),
    ),
  });

export function useArchiveNotification() {
  return useMutation(archiveNotificationMutationOptions(useQueryClient()));
}
