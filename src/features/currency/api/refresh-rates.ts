import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CurrencyHealth } from '../types';
import { currencyKeys } from './currency-keys';

/** POST /admin/currency/refresh (admins): fetches the provider's rates now and answers the health. */
export async function refreshRates(): Promise<CurrencyHealth> {
  const { data } = await api.post<CurrencyHealth>('/admin/currency/refresh');
  return data;
}

export function useRefreshRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshRates,
    onSuccess: (health) => {
      queryClient.setQueryData(currencyKeys.health(), health);
      // Every figure converts with the new rates at once.
      void queryClient.invalidateQueries({ queryKey: [...currencyKeys.all, 'rates'] });
    },
  });
}
