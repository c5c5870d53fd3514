import { mutationOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/offline/idempotency-key';
import { offlineMutationOptions, useOfflineMutation } from '../../../lib/offline/offline-mutation';
import type { Notification } from '../types';
import { lowerUnreadCount, markReadInCache, optimisticNotificationChange } from '../utils/notification-cache';
import { notificationKeys } from './notification-keys';

const idSchema = z.string().min(1);

export const markNotificationReadKey = [...notificationKeys.mutation(), 'read'] as const;

export async function markNotificationRead(id: string, idempotencyKey?: string): Promise<Notification> {
  const { data } = await api.put<Notification>(
    `/notifications/${encodeURIComponent(idSchema.parse(id))}/read`,
    undefined,
    idempotencyKey ? { headers: idempotencyHeaders(idempotencyKey) } : undefined,
  );
  return data;
}

/**
 * Optimistic (spec §4): is_read is set and the unread count lowered at once; both are put back if the
 * server refuses.
 */
export const markNotificationReadMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (id: string) => markNotificationRead(id),
    ...optimisticNotificationChange(queryClient, (id: string) =>
      lowerUnreadCount(
        queryClient,
        markReadInCache(queryClient, (n) => n.id === id),
      ),
    ),
  });

/** The same change, queued offline and replayed once with its Idempotency-Key (setMutationDefaults). */
export const markNotificationReadOfflineOptions = (queryClient: QueryClient) =>
  offlineMutationOptions({
    ...markNotificationReadMutationOptions(queryClient),
    mutationKey: markNotificationReadKey,
    label: 'mark notification read',
    send: markNotificationRead,
  });

export function useMarkNotificationRead() {
  return useOfflineMutation(markNotificationReadOfflineOptions(useQueryClient()));
}
