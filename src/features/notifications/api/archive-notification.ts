import { mutationOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/offline/idempotency-key';
import { offlineMutationOptions, useOfflineMutation } from '../../../lib/offline/offline-mutation';
import type { Notification } from '../types';
import { lowerUnreadCount, optimisticNotificationChange, removeFromCache } from '../utils/notification-cache';
import { notificationKeys } from './notification-keys';

export const archiveNotificationKey = [...notificationKeys.mutation(), 'archive'] as const;

export async function archiveNotification(id: string, idempotencyKey?: string): Promise<Notification> {
  const { data } = await api.put<Notification>(
    `/notifications/${encodeURIComponent(z.string().min(1).parse(id))}/archive`,
    undefined,
    idempotencyKey ? { headers: idempotencyHeaders(idempotencyKey) } : undefined,
  );
  return data;
}

/** Archived notifications leave every list at once; they come back if the server refuses. */
export const archiveNotificationMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (id: string) => archiveNotification(id),
    ...optimisticNotificationChange(queryClient, (id: string) =>
      lowerUnreadCount(
        queryClient,
        removeFromCache(queryClient, (n) => n.id === id),
      ),
    ),
  });

/** The same change, queued offline and replayed once with its Idempotency-Key (setMutationDefaults). */
export const archiveNotificationOfflineOptions = (queryClient: QueryClient) =>
  offlineMutationOptions({
    ...archiveNotificationMutationOptions(queryClient),
    mutationKey: archiveNotificationKey,
    label: 'archive notification',
    send: archiveNotification,
  });

export function useArchiveNotification() {
  return useOfflineMutation(archiveNotificationOfflineOptions(useQueryClient()));
}
