import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { lowerUnreadCount, markReadInCache, optimisticNotificationChange } from '../utils/notification-cache';

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
    mutationFn: markNotificationsRead,
    ...optimisticNotificationChange(queryClient, ({ notification_ids: ids }: BulkReadInput) => {
      const wanted = ids ? new Set(ids) : null;
      const lowered = markReadInCache(queryClient, (n) => wanted === null || wanted.has(n.id));
      lowerUnreadCount(queryClient, wanted === null ? 'all' : lowered);
    }),
  });

export function useMarkNotificationsRead() {
  return useMutation(markNotificationsReadMutationOptions(useQueryClient()));
}
