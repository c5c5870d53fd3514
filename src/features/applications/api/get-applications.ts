import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Application } from '../types';
import { applicationKeys, type ApplicationListParams } from './application-keys';

export interface ApplicationPage {
  items: Application[];
  total: number;
}

/** Publishers get their own applications, advertisers those to their campaigns, admins all. */
export async function getApplications(params: ApplicationListParams): Promise<ApplicationPage> {
  const { data, headers } = await api.get<Application[]>('/applications', {
    params: {
      limit: params.limit,
      offset: (params.page - 1) * params.limit,
      ...(params.status !== 'all' ? { status: params.status } : {}),
      ...(params.campaign_id ? { campaign_id: params.campaign_id } : {}),
    },
  });
  const total = Number(headers['x-total-count']);
  return {
    items: data,
    total: Number.isFinite(total) && headers['x-total-count'] != null ? total : data.length,
  };
}

export const getApplicationsQueryOptions = (params: ApplicationListParams) =>
  queryOptions({ queryKey: applicationKeys.list(params), queryFn: () => getApplications(params) });

export function useApplications(params: ApplicationListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...getApplicationsQueryOptions(params),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}
