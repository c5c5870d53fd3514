import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { User } from '../types';
import { authKeys } from './auth-keys';

export async function getMe(): Promise<User> {
  const { data } = await api.get<User>('/auth/me');
  return data;
}

export const getMeQueryOptions = () => queryOptions({ queryKey: authKeys.me(), queryFn: getMe });

/** Fresh copy of the signed-in user (the auth store holds the one loaded at start). */
export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getMeQueryOptions(), ...options });
}
