import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AdminUser } from '../types';
import { totalFromHeaders, type Page } from '../utils/total-count';
import { adminKeys, type AdminUserListParams } from './admin-keys';

/** Query parameters as the server reads them: empty filters are left out. */
export function adminUserQuery(params: AdminUserListParams) {
  const search = params.search.trim();
  const country = params.country.trim().toUpperCase();
  return {
    role: params.role,
    ...(params.status !== 'all' ? { status: params.status } : {}),
    // A half-typed code matches nothing useful: filter only by a whole two-letter code.
    ...(/^[A-Z]{2}$/.test(country) ? { country } : {}),
    ...(search ? { search } : {}),
    sort: params.sort,
    order: params.order,
    limit: params.limit,
    offset: (params.page - 1) * params.limit,
  };
}

export async function getAdminUsers(params: AdminUserListParams): Promise<Page<AdminUser>> {
  const { data, headers } = await api.get<AdminUser[]>('/admin/users', { params: adminUserQuery(params) });
  return { items: data, total: totalFromHeaders(headers, data.length) };
}

export const getAdminUsersQueryOptions = (params: AdminUserListParams) =>
  queryOptions({ queryKey: adminKeys.userList(params), queryFn: () => getAdminUsers(params) });

export function useAdminUsers(params: AdminUserListParams) {
  return useQuery({ ...getAdminUsersQueryOptions(params), placeholderData: keepPreviousData });
}
