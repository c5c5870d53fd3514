import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Conversation } from '../types';
import { messagingKeys } from './messaging-keys';

export async function getConversation(id: string): Promise<Conversation> {
  const { data } = await api.get<Conversation>(`/conversations/${encodeURIComponent(id)}`);
  return data;
}

export const getConversationQueryOptions = (id: string) =>
  queryOptions({ queryKey: messagingKeys.conversation(id), queryFn: () => getConversation(id) });

export function useConversation(id: string | null) {
  return useQuery({ ...getConversationQueryOptions(id ?? ''), enabled: id !== null });
}
