import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Application } from '../../../../server/modules/applications/schema';
import { api } from '../../../lib/api-client';
import { totalFromHeaders, type Page } from '../utils/total-count';
import { adminKeys, type AdminApplicationListParams } from './admin-keys';

export type { Application };

/** Admins get every application from GET /applications; the filters narrow it down. */
export async function getAdminApplications(params: AdminApplicationListParams): Promise<Page<Application>> {
  const search = params.search.trim();
  const { data, headers } = await api.get<Application[]>('/applications', {
    params: {
      limit: params.limit,
      offset: (params.page - 1) * params.limit,
      ...(params.status !== 'all' ? { status: params.status } : {}),
      ...(search ? { search } : {}),
      ...(params.publisher_id ? { publisher_id: params.publisher_id } : {}),
    },
  });
  return { items: data, total: totalFromHeaders(headers, data.length) };
}

export const getAdminApplicationsQueryOptions = (params: AdminApplicationListParams) =>
  queryOptions({ queryKey: adminKeys.applicationList(params), queryFn: () => getAdminApplications(params) });

export function useAdminApplications(params: AdminApplicationListParams) {
  return useQuery({ ...getAdminApplicationsQueryOptions(params), placeholderData: keepPreviousData });
}
