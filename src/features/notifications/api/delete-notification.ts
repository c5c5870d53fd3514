import { mutationOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/offline/idempotency-key';
import { offlineMutationOptions, useOfflineMutation } from '../../../lib/offline/offline-mutation';
import { lowerUnreadCount, optimisticNotificationChange, removeFromCache } from '../utils/notification-cache';
import { notificationKeys } from './notification-keys';

export const deleteNotificationKey = [...notificationKeys.mutation(), 'delete'] as const;

export async function deleteNotification(id: string, idempotencyKey?: string): Promise<void> {
  await api.delete(
    `/notifications/${encodeURIComponent(z.string().min(1).parse(id))}`,
    idempotencyKey ? { headers: idempotencyHeaders(idempotencyKey) } : undefined,
  );
}

/** Deleted notifications leave every list at once; they come back if the server refuses. */
export const deleteNotificationMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (id: string) => deleteNotification(id),
    ...optimisticNotificationChange(queryClient, (id: string) =>
      lowerUnreadCount(
        queryClient,
        removeFromCache(queryClient, (n) => n.id === id),
      ),
    ),
  });

/** The same change, queued offline and replayed once with its Idempotency-Key (setMutationDefaults). */
export const deleteNotificationOfflineOptions = (queryClient: QueryClient) =>
  offlineMutationOptions({
    ...deleteNotificationMutationOptions(queryClient),
    mutationKey: deleteNotificationKey,
    label: 'delete notification',
    send: deleteNotification,
  });

export function useDeleteNotification() {
  return useOfflineMutation(deleteNotificationOfflineOptions(useQueryClient()));
}
