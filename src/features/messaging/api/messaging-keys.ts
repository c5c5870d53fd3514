export interface ConversationListParams {
  limit: number;
}

export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: () => [...messagingKeys.all, 'conversations'] as const,
  conversationList: (params: ConversationListParams) =>
    [...messagingKeys.conversations(), 'list', params] as const,
  conversation: (id: string) => [...messagingKeys.conversations(), 'detail', id] as const,
  messages: (conversationId: string) => [...messagingKeys.all, 'messages', conversationId] as const,
  unread: () => [...messagingKeys.all, 'unread'] as const,
  contacts: (search: string) => [...messagingKeys.all, 'contacts', search] as const,
  media: () => [...messagingKeys.all, 'media'] as const,
};
