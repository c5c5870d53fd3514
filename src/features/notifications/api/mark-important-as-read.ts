import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { lowerUnreadCount, markReadInCache, optimisticNotificationChange } from '../utils/notification-cache';

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
    mutationFn: markImportantAsRead,
    ...optimisticNotificationChange(queryClient, ({ notification_ids: ids }: ImportantReadInput) => {
      const wanted = ids ? new Set(ids) : null;
      const lowered = markReadInCache(
        queryClient,
        (n) => n.is_important && (wanted === null || wanted.has(n.id)),
      );
      lowerUnreadCount(queryClient, lowered);
    }),
  });

export function useMarkImportantAsRead() {
  return useMutation(markImportantAsReadMutationOptions(useQueryClient()));
}
