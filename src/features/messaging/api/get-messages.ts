import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Message } from '../types';
import { messagingKeys } from './messaging-keys';

export const MESSAGE_PAGE_SIZE = 30;

export interface MessagePage {
  /** oldest first */
  items: Message[];
  total: number;
}

/** Up to `limit` messages older than `before` (a seq; the newest when absent), oldest first. */
export async function getMessages(
  conversationId: string,
  params: { before?: number; limit: number },
): Promise<MessagePage> {
  const { data, headers } = await api.get<Message[]>(
    `/conversations/${encodeURIComponent(conversationId)}/messages`,
    { params: { limit: params.limit, ...(params.before ? { before: params.before } : {}) } },
  );
  const total = Number(headers['x-total-count']);
  return { items: data, total: Number.isFinite(total) ? total : data.length };
}

/**
 * The thread as pages going back in time: page 0 holds the newest messages (live ones are appended
 * there), each next page the ones before the oldest shown so far.
 */
export const getMessagesQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: messagingKeys.messages(conversationId),
    queryFn: ({ pageParam }) => getMessages(conversationId, { before: pageParam, limit: MESSAGE_PAGE_SIZE }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) =>
      last.items.length < MESSAGE_PAGE_SIZE ? undefined : last.items.find((m) => !m.pending)?.seq,
  });

export function useMessages(conversationId: string) {
  return useInfiniteQuery({
    ...getMessagesQueryOptions(conversationId),
    // others write into the thread: always ask again when it opens (the stream covers the rest)
    refetchOnMount: 'always',
  });
}
