import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { Conversation } from '../types';
import { messagingKeys } from './messaging-keys';
import { MAX_BODY_CHARS } from '../../../../contracts/messaging';

export const startConversationSchema = z.object({
  participant_ids: z.array(z.string().min(1)).min(1, 'Choose who to write to'),
  campaign_id: z.string().nullable(),
  body: z
    .string()
    .trim()
    .min(1, 'Write a message')
    .max(MAX_BODY_CHARS, `At most ${MAX_BODY_CHARS} characters`),
});
export type StartConversationInput = z.infer<typeof startConversationSchema>;

/** Starts a conversation with a first message, or adds it to the existing one with the same people. */
export async function startConversation(input: StartConversationInput): Promise<Conversation> {
  const parsed = startConversationSchema.parse(input);
  const { data } = await api.post<Conversation>('/conversations', {
    participant_ids: parsed.participant_ids,
    body: parsed.body,
    ...(parsed.campaign_id ? { campaign_id: parsed.campaign_id } : {}),
  });
  return data;
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: (conversation) => {
      queryClient.setQueryData(messagingKeys.conversation(conversation.id), conversation);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.messages(conversation.id) });
    },
  });
}
