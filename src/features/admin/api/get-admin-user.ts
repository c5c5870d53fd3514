import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AdminUserDetail } from '../types';
import { adminKeys } from './admin-keys';

export async function getAdminUser(id: string): Promise<AdminUserDetail> {
  const { data } = await api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`);
  return data;
}

export const getAdminUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.userDetail(id), queryFn: () => getAdminUser(id) });

export function useAdminUser(id: string | null) {
  return useQuery({ ...getAdminUserQueryOptions(id ?? ''), enabled: id !== null });
}
