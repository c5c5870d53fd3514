import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { Notification } from '../types';
import {
  lowerUnreadCount,
  removeFromCache,
  restoreNotifications,
  snapshotNotifications,
  syncNotificationsWhenIdle,
} from '../utils/notification-cache';
import { notificationKeys } from './notification-keys';

export async function archiveNotification(id: string): Promise<Notification> {
  const { data } = await api.put<Notification>(
    `/notifications/${encodeURIComponent(z.string().min(1).parse(id))}/archive`,
  );
  return data;
}

/** Archived notifications leave every list at once; they come back if the server refuses. */
export const archiveNotificationMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: notificationKeys.mutation(),
    mutationFn: archiveNotification,
    onMutate: async (id: string) => {
      const snapshot = await snapshotNotifications(queryClient);
      lowerUnreadCount(
        queryClient,
        removeFromCache(queryClient, (n) => n.id === id),
      );
      return { snapshot };
    },
    onError: (_error, _id, context) => {
      if (context) restoreNotifications(queryClient, context.snapshot);
    },
    onSettled: () => syncNotificationsWhenIdle(queryClient),
  });

export function useArchiveNotification() {
  return useMutation(archiveNotificationMutationOptions(useQueryClient()));
}
