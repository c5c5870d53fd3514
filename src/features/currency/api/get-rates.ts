import { queryOptions, useQuery, type Query } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type CurrencyCode } from '../../../lib/currency';
import { builtInRates, cleanRates, type RateTable } from '../../../lib/exchange-rates';
import type { RatesResponse } from '../types';
import { currencyKeys } from './currency-keys';

/** Spec §9: exchange rates are cached 5 minutes. */
export const RATES_STALE_MS = 5 * 60 * 1000;
/** After a fallback, ask the server again sooner: the outage may be over. */
export const FALLBACK_STALE_MS = 30 * 1000;

// Dexie loads with the first rates request, not with the entry chunk.
const persisted = () => import('../utils/persisted-rates');

/** The server's answer as a rate table; throws when it is not the expected JSON (e.g. an HTML page). */
function toRateTable(data: unknown, source: CurrencyCode): RateTable {
  const body = data as Partial<RatesResponse> | null;
  const rates = cleanRates(body?.rates);
  if (typeof body !== 'object' || body === null || Object.keys(rates).length === 0) {
    throw new Error('Unexpected answer from /currency/rates');
  }
  return { source, rates, asOf: body.as_of ?? null, origin: 'live' };
}

/** The rates the device saved last; null when it has none or IndexedDB is unavailable. */
async function savedRates(source: CurrencyCode): Promise<RateTable | null> {
  try {
    return await (await persisted()).loadSavedRates(source);
  } catch {
    return null;
  }
}

/**
 * GET /currency/rates?source_currency=…, saved on this device for offline use. Spec §8: any failure
 * (network, status, an HTML answer instead of JSON) falls back silently to the saved rates, then the
 * built-in ones; a currency with no rate at all is then shown in its own currency (see lib/display-money).
 */
export async function getRates(source: CurrencyCode): Promise<RateTable> {
  let table: RateTable;
  try {
    const { data } = await api.get<RatesResponse>('/currency/rates', { params: { source_currency: source } });
    table = toRateTable(data, source);
  } catch {
    return (await savedRates(source)) ?? builtInRates(source);
  }
  // A failed save only costs the offline copy.
  await persisted()
    .then((m) => m.saveRates(table))
    .catch(() => undefined);
  return table;
}

const staleTime = (query: Query<RateTable>) =>
  query.state.data?.origin === 'live' ? RATES_STALE_MS : FALLBACK_STALE_MS;

export const getRatesQueryOptions = (source: CurrencyCode) =>
  queryOptions({
    queryKey: currencyKeys.rates(source),
    queryFn: () => getRates(source),
    staleTime,
  });

export function useRates(source: CurrencyCode, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getRatesQueryOptions(source), enabled });
}
