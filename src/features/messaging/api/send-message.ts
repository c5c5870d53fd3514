import { mutationOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { MAX_ATTACHMENTS, MAX_BODY_CHARS } from '../../../../contracts/messaging';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders, newIdempotencyKey } from '../../../lib/offline/idempotency-key';
import { offlineMutationOptions, useOfflineMutation } from '../../../lib/offline/offline-mutation';
import type { Attachment, Message } from '../types';
import { addMessageToThread, addPendingMessage, removeMessage } from '../utils/message-cache';
import { messagingKeys } from './messaging-keys';
import { translate } from '../../../lib/i18n';

export const sendMessageSchema = z.object({
  conversation_id: z.string().min(1),
  body: z
    .string()
    .trim()
    .min(1, 'Write a message')
    .max(MAX_BODY_CHARS, `At most ${MAX_BODY_CHARS} characters`),
  attachments: z.array(z.custom<Attachment>()).max(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} attachments`),
  /** the greyed copy shown until the server answers (also while queued offline) */
  pending_id: z.string().min(1),
  sender: z.object({ id: z.string(), name: z.string() }),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const sendMessageKey = [...messagingKeys.all, 'send'] as const;

/** A fresh id for the pending copy of a message being sent. */
export const newPendingId = () => `pending-${newIdempotencyKey()}`;

export async function sendMessage(input: SendMessageInput, idempotencyKey?: string): Promise<Message> {
  const parsed = sendMessageSchema.parse(input);
  const { data } = await api.post<Message>(
    `/conversations/${encodeURIComponent(parsed.conversation_id)}/messages`,
    { body: parsed.body, attachment_ids: parsed.attachments.map((a) => a.id) },
    idempotencyKey ? { headers: idempotencyHeaders(idempotencyKey) } : undefined,
  );
  return data;
}

function pendingCopy(input: SendMessageInput): Message {
  return {
    id: input.pending_id,
    seq: Number.MAX_SAFE_INTEGER,
    conversation_id: input.conversation_id,
    sender_id: input.sender.id,
    sender_name: input.sender.name,
    body: input.body.trim(),
    attachment_ids: input.attachments.map((a) => a.id),
    attachments: input.attachments,
    created_at: new Date().toISOString(),
    pending: true,
  };
}

export const sendMessageMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (input: SendMessageInput) => sendMessage(input),
    onMutate: (input) => {
      addPendingMessage(queryClient, pendingCopy(input));
    },
    onError: (_error, input) => removeMessage(queryClient, input.conversation_id, input.pending_id),
    onSuccess: (message, input) => {
      addMessageToThread(queryClient, message, input.pending_id);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
    },
  });

/** Sending, queued while offline and replayed once with its Idempotency-Key; the thread shows it greyed. */
export const sendMessageOfflineOptions = (queryClient: QueryClient) =>
  offlineMutationOptions({
    ...sendMessageMutationOptions(queryClient),
    mutationKey: sendMessageKey,
    label: translate('messaging', 'queueLabel'),
    send: sendMessage,
  });

export function useSendMessage() {
  return useOfflineMutation(sendMessageOfflineOptions(useQueryClient()));
}
