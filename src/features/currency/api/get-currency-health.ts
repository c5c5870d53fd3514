import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CurrencyHealth } from '../types';
import { currencyKeys } from './currency-keys';

/** GET /currency/health: whether the rates come live from the provider, and since when. */
export async function getCurrencyHealth(): Promise<CurrencyHealth> {
  const { data } = await api.get<CurrencyHealth>('/currency/health');
  return data;
}

export const getCurrencyHealthQueryOptions = () =>
  // The server does not cache health either: a refresh shows at once.
  queryOptions({ queryKey: currencyKeys.health(), queryFn: getCurrencyHealth, staleTime: 0 });

export function useCurrencyHealth() {
  return useQuery(getCurrencyHealthQueryOptions());
}
