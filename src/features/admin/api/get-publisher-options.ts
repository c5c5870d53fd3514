import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userLabel, type AdminUser } from '../types';
import { adminKeys } from './admin-keys';

/** The server's page cap: enough publishers to pick from in a filter. */
const OPTIONS_LIMIT = 100;

/** Publishers by name, for the applications filter. */
export async function getPublisherOptions(): Promise<{ value: string; label: string }[]> {
  const { data } = await api.get<AdminUser[]>('/admin/users', {
    params: { role: 'publisher', sort: 'name', order: 'asc', limit: OPTIONS_LIMIT, offset: 0 },
  });
  return data.map((publisher) => ({ value: publisher.id, label: userLabel(publisher) }));
}

export const getPublisherOptionsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.publisherOptions(), queryFn: getPublisherOptions });

/** Admins only (GET /admin/users): `enabled: false` for anyone else. */
export function usePublisherOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPublisherOptionsQueryOptions(), enabled });
}
