import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { lowerUnreadCount, optimisticNotificationChange, removeFromCache } from '../utils/notification-cache';

export async function deleteNotification(id: string): Promise<void> {
  await api.delete(`/notifications/${encodeURIComponent(z.string().min(1).parse(id))}`);
}

/** Deleted notifications leave every list at once; they come back if the server refuses. */
export const deleteNotificationMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: deleteNotification,
    ...optimisticNotificationChange(queryClient, (id: string) =>
      lowerUnreadCount(
        queryClient,
        removeFromCache(queryClient, (n) => n.id === id),
      ),
    ),
  });

export function useDeleteNotification() {
  return useMutation(deleteNotificationMutationOptions(useQueryClient()));
}
