import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { MessagePage } from '../api/get-messages';
import { messagingKeys } from '../api/messaging-keys';
import type { Message } from '../types';

type Thread = InfiniteData<MessagePage, unknown>;

/** Every message of a cached thread, oldest first (pages hold newer messages first). */
export function threadMessages(thread: Thread | undefined): Message[] {
  if (!thread) return [];
  return [...thread.pages].reverse().flatMap((page) => page.items);
}

function updateNewestPage(
  queryClient: QueryClient,
  conversationId: string,
  update: (items: Message[]) => Message[],
): void {
  queryClient.setQueryData<Thread>(messagingKeys.messages(conversationId), (thread) => {
    if (!thread || thread.pages.length === 0) return thread;
    const [newest, ...older] = thread.pages;
    return { ...thread, pages: [{ ...newest!, items: update(newest!.items) }, ...older] };
  });
}

/**
 * Adds a message that arrived (live, or as the answer to our own send) to its cached thread, once:
 * an entry with the same id is replaced, and our own pending copy (`replaces`) is dropped.
 */
export function addMessageToThread(queryClient: QueryClient, message: Message, replaces?: string): void {
  updateNewestPage(queryClient, message.conversation_id, (items) => {
    const rest = items.filter((m) => m.id !== message.id && m.id !== replaces);
    if (items.some((m) => m.id === message.id) && !replaces) {
      return items.map((m) => (m.id === message.id ? message : m));
    }
    return [...rest, message].sort(bySeqPendingLast);
  });
}

/** Shows a message we are sending (or that waits offline) at the end of its thread, greyed. */
export function addPendingMessage(queryClient: QueryClient, message: Message): void {
  updateNewestPage(queryClient, message.conversation_id, (items) => [...items, message]);
}

export function removeMessage(queryClient: QueryClient, conversationId: string, id: string): void {
  updateNewestPage(queryClient, conversationId, (items) => items.filter((m) => m.id !== id));
}

/** Our pending copy of a message the stream delivered before our send's answer came back. */
export function pendingTwin(queryClient: QueryClient, message: Message): string | undefined {
  const thread = queryClient.getQueryData<Thread>(messagingKeys.messages(message.conversation_id));
  return threadMessages(thread).find(
    (m) => m.pending && m.sender_id === message.sender_id && m.body === message.body,
  )?.id;
}

function bySeqPendingLast(a: Message, b: Message): number {
  if (a.pending !== b.pending) return a.pending ? 1 : -1;
  return a.seq - b.seq;
}
