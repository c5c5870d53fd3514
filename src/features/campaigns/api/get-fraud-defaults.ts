import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FraudThresholds } from '../../../../contracts/fraud-schema';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** The platform's fraud thresholds in force: what a campaign's empty threshold falls back to. */
export async function getFraudDefaults(): Promise<FraudThresholds> {
  const { data } = await api.get<{ defaults: FraudThresholds }>('/fraud/settings');
  return data.defaults;
}

export const getFraudDefaultsQueryOptions = () =>
  queryOptions({
    queryKey: [...campaignKeys.all, 'fraud-defaults'] as const,
    queryFn: getFraudDefaults,
    staleTime: 60_000,
  });

/** The form still works without them (no placeholder), so a failure stays quiet. */
export function useFraudDefaults() {
  return useQuery({ ...getFraudDefaultsQueryOptions(), retry: false });
}
