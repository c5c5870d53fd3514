import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiKey } from '../types';
import { apiKeyKeys } from './api-key-keys';

/** The user's API keys, newest first. */
export async function getApiKeys(): Promise<ApiKey[]> {
  const { data } = await api.get<ApiKey[]>('/api-keys');
  return data;
}

export const getApiKeysQueryOptions = () =>
  queryOptions({ queryKey: apiKeyKeys.list(), queryFn: getApiKeys });

export function useApiKeys() {
  return useQuery(getApiKeysQueryOptions());
}
