import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { FraudSettings } from '../types';
import { fraudKeys } from './fraud-keys';

/** The platform's fraud thresholds in force, the built-in ones, and each rule's weight. */
export async function getFraudSettings(): Promise<FraudSettings> {
  const { data } = await api.get<FraudSettings>('/fraud/settings');
  return data;
}

export const getFraudSettingsQueryOptions = () =>
  queryOptions({ queryKey: fraudKeys.settings(), queryFn: getFraudSettings });

export function useFraudSettings() {
  return useQuery(getFraudSettingsQueryOptions());
}
