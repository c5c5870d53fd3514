import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messagingKeys } from './messaging-keys';

export interface ReadReceipt {
  conversation_id: string;
  last_read_seq: number;
  unread_count: number;
}

/** Moves the caller's read receipt to the newest message of the conversation. */
export async function markConversationRead(conversationId: string): Promise<ReadReceipt> {
  const { data } = await api.post<ReadReceipt>(`/conversations/${encodeURIComponent(conversationId)}/read`);
  return data;
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.unread() });
    },
  });
}
