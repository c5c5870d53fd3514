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

/** No ids: every important unread notification of the user. */
export const importantReadInputSchema = z.object({
  notification_ids: z.array(z.string().min(1)).optional(),
});
export type ImportantReadInput = z.infer<typeof importantReadInputSchema>;

export async function markImportantAsRead(input: ImportantReadInput = {}): Promise<{ updated: number }> {
  const { data } = await api.post<{ updated: number }>(
    '/notifications/mark-important-as-read',
    importantReadInputSchema.parse(input),
  );
  return data;
}

/** Optimistic like the other "read" calls: only important notifications change. */
export const markImportantAsReadMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: notificationKeys.mutation(),
    mutationFn: markImportantAsRead,
    onMutate: async ({ notification_ids: ids }: ImportantReadInput) => {
      const snapshot = await snapshotNotifications(queryClient);
      const wanted = ids ? new Set(ids) : null;
      const lowered = markReadInCache(
        queryClient,
        (n) => n.is_important && (wanted === null || wanted.has(n.id)),
      );
      lowerUnreadCount(queryClient, lowered);
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      if (context) restoreNotifications(queryClient, context.snapshot);
    },
    onSettled: () => syncNotificationsWhenIdle(queryClient),
  });

export function useMarkImportantAsRead() {
  return useMutation(markImportantAsReadMutationOptions(useQueryClient()));
}
