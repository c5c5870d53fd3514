import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSettings } from '../../../../server/modules/settings/schema';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export type { AdminSettings };

export async function getAdminSettings(): Promise<AdminSettings> {
  const { data } = await api.get<AdminSettings>('/admin/settings');
  return data;
}

export const getAdminSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.admin(), queryFn: getAdminSettings });

/**
 * Only admins may read admin settings (spec §6): callers pass enabled = user is admin. `silent`: fetch and
 * cache only, re-rendering nobody (a caller that reads the cache itself).
 */
export function useAdminSettings({ enabled, silent = false }: { enabled: boolean; silent?: boolean }) {
  return useQuery({ ...getAdminSettingsQueryOptions(), enabled, ...(silent && { notifyOnChangeProps: [] }) });
}
