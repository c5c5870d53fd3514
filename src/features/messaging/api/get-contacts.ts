import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Contact } from '../types';
import { messagingKeys } from './messaging-keys';

/** The people the caller may start a conversation with (and the campaigns they share), matching `search`. */
export async function getContacts(search: string): Promise<Contact[]> {
  const { data } = await api.get<Contact[]>('/messaging/contacts', {
    params: { limit: 50, ...(search ? { search } : {}) },
  });
  return data;
}

export const getContactsQueryOptions = (search: string) =>
  queryOptions({ queryKey: messagingKeys.contacts(search), queryFn: () => getContacts(search) });

export function useContacts(search: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getContactsQueryOptions(search), placeholderData: keepPreviousData, ...options });
}
