import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export interface PublicSettings {
  default_currency: string;
  /** an unconfirmed e-mail address blocks applying, payouts and invoices */
  require_email_verification: boolean;
}

/** The admin default currency, readable by every signed-in user (admin settings are admin-only). */
export async function getPublicSettings(): Promise<PublicSettings> {
  const { data } = await api.get<PublicSettings>('/settings/public');
  return data;
}

export const getPublicSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.public(), queryFn: getPublicSettings });

/** `silent`: fetch and cache only, re-rendering nobody (a caller that reads the cache itself). */
export function usePublicSettings({ enabled, silent = false }: { enabled: boolean; silent?: boolean }) {
  return useQuery({
    ...getPublicSettingsQueryOptions(),
    enabled,
    ...(silent && { notifyOnChangeProps: [] }),
  });
}
