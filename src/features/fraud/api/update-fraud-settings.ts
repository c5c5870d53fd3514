import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { FraudSettings, FraudSettingsPatch } from '../types';
import { fraudKeys } from './fraud-keys';

/** Sets platform defaults (admins); a null field goes back to its built-in value. */
export async function updateFraudSettings(patch: FraudSettingsPatch): Promise<FraudSettings> {
  const { data } = await api.put<FraudSettings>('/fraud/settings', patch);
  return data;
}

export function useUpdateFraudSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFraudSettings,
    onSuccess: (saved) => queryClient.setQueryData(fraudKeys.settings(), saved),
  });
}
