import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import {
  lowerUnreadCount,
  markReadInCache,
  restoreNotifications,
  snapshotNotifications,
  syncNotificationsWhenIdle,
} from '../utils/notification-cache';
import { notificationKeys } from './notification-keys';

/** No ids: every unread notification of the user. */
export const bulkReadInputSchema = z.object({ notification_ids: z.array(z.string().min(1)).optional() });
export type BulkReadInput = z.infer<typeof bulkReadInputSchema>;

export async function markNotificationsRead(input: BulkReadInput = {}): Promise<{ updated: number }> {
  const { data } = await api.put<{ updated: number }>(
    '/notifications/bulk/read',
    bulkReadInputSchema.parse(input),
  );
  return data;
}

/** Bulk "mark read", optimistic like the single one: rolled back when the call fails. */
export const markNotificationsReadMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: notificationKeys.mutation(),
    mutationFn: markNotificationsRead,
    onMutate: async ({ notification_ids: ids }: BulkReadInput) => {
      const snapshot = await snapshotNotifications(queryClient);
      const wanted = ids ? new Set(ids) : null;
      const lowered = markReadInCache(queryClient, (n) => wanted === null || wanted.has(n.id));
      lowerUnreadCount(queryClient, wanted === null ? 'all' : lowered);
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      if (context) restoreNotifications(queryClient, context.snapshot);
    },
    onSettled: () => syncNotificationsWhenIdle(queryClient),
  });

export function useMarkNotificationsRead() {
  return useMutation(markNotificationsReadMutationOptions(useQueryClient()));
}
