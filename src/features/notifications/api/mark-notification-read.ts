import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { Notification } from '../types';
import {
  lowerUnreadCount,
  markReadInCache,
  restoreNotifications,
  snapshotNotifications,
  syncNotificationsWhenIdle,
} from '../utils/notification-cache';
import { notificationKeys } from './notification-keys';

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
    mutationKey: notificationKeys.mutation(),
    mutationFn: markNotificationRead,
    onMutate: async (id: string) => {
      const snapshot = await snapshotNotifications(queryClient);
      lowerUnreadCount(
        queryClient,
        markReadInCache(queryClient, (n) => n.id === id),
      );
      return { snapshot };
    },
    onError: (_error, _id, context) => {
      if (context) restoreNotifications(queryClient, context.snapshot);
    },
    onSettled: () => syncNotificationsWhenIdle(queryClient),
  });

export function useMarkNotificationRead() {
  return useMutation(markNotificationReadMutationOptions(useQueryClient()));
}
