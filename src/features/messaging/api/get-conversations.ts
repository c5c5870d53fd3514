import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Conversation } from '../types';
import { messagingKeys, type ConversationListParams } from './messaging-keys';

export interface ConversationPage {
  items: Conversation[];
  total: number;
}

/** The caller's conversations, most recently active first, each with its last message and unread count. */
export async function getConversations(params: ConversationListParams): Promise<ConversationPage> {
  const { data, headers } = await api.get<Conversation[]>('/conversations', {
    params: { limit: params.limit, offset: 0 },
  });
  const total = Number(headers['x-total-count']);
  return { items: data, total: Number.isFinite(total) ? total : data.length };
}

export const getConversationsQueryOptions = (params: ConversationListParams) =>
  queryOptions({ queryKey: messagingKeys.conversationList(params), queryFn: () => getConversations(params) });

export function useConversations(params: ConversationListParams) {
  return useQuery({ ...getConversationsQueryOptions(params), placeholderData: keepPreviousData });
}
