import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invoiceKeys } from './invoice-keys';

interface AdvertiserRow {
  id: string;
  name: string;
  company_name: string | null;
}

/** The server's page cap: enough advertisers to pick from in a filter. */
const OPTIONS_LIMIT = 100;

/** Advertisers by name (company first), for an admin's invoice filter and "generate now". */
export async function getAdvertiserOptions(): Promise<{ value: string; label: string }[]> {
  const { data } = await api.get<AdvertiserRow[]>('/admin/users', {
    params: { role: 'advertiser', sort: 'name', order: 'asc', limit: OPTIONS_LIMIT, offset: 0 },
  });
  return data.map((a) => ({ value: a.id, label: a.company_name ? `${a.company_name} (${a.name})` : a.name }));
}

export const getAdvertiserOptionsQueryOptions = () =>
  queryOptions({ queryKey: invoiceKeys.advertiserOptions(), queryFn: getAdvertiserOptions });

export function useAdvertiserOptions(options: { enabled: boolean }) {
  return useQuery({ ...getAdvertiserOptionsQueryOptions(), enabled: options.enabled });
}
