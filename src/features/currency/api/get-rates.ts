import { queryOptions, useQuery, type Query } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CurrencyCode } from '../../../../contracts/currencies';
import { builtInRates, cleanRates, type RateTable } from '../../../lib/exchange-rates';
import type { RatesResponse } from '../types';
import type { SaveRatesReply, SaveRatesRequest } from '../workers/save-rates-worker';
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

let lastSave: Promise<void> = Promise.resolve();

/** The rates the device saved last; null when it has none or IndexedDB is unavailable. */
async function savedRates(source: CurrencyCode): Promise<RateTable | null> {
  try {
    // A save still waiting for an idle moment holds the newest rates.
    await lastSave;
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
  saveWhenIdle(table);
  return table;
}

/** Resolves once the last save of live rates on this device is done (or failed): for tests. */
export const ratesSaved = (): Promise<void> => lastSave;

/** After the page's load event, at the browser's first idle moment (or within 5 s). */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(() => resolve(), { timeout: 5000 })
        : setTimeout(resolve, 0);
    if (typeof document === 'undefined' || document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/** A save the worker has not answered by then is given up (see saveRatesInWorker). */
const SAVE_TIMEOUT_MS = 10_000;

/**
 * Writes the rates in a worker of its own (./save-rates-worker.ts): loading Dexie, opening the database
 * (creating it on a first visit) and the write were 15–60 ms of the page's main thread, long tasks on a
 * phone right after the first screen. Where there are no workers (tests) it writes in place.
 */
function saveRatesInWorker(table: RateTable): Promise<void> {
  const now = Date.now();
  if (typeof Worker !== 'function') return persisted().then((m) => m.saveRates(table, now));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../workers/save-rates-worker.ts', import.meta.url), {
      type: 'module',
      name: 'save-rates',
    });
    const finish = (saved: boolean) => {
      clearTimeout(timer);
      worker.terminate();
      if (saved) resolve();
      else reject(new Error('The exchange rates could not be saved on this device'));
    };
    // A database held by another tab's upgrade could keep the write waiting; the offline fallback waits
    // for this save, so it is given up after a while.
    const timer = setTimeout(() => finish(false), SAVE_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<SaveRatesReply>) => finish(event.data === true);
    worker.onerror = () => finish(false);
    const request: SaveRatesRequest = { table, now };
    worker.postMessage(request);
  });
}

/**
 * Keeps the live rates for offline use, once the browser is idle after the start (the rates arrive with
 * the dashboard's first data); should the tab close first nothing is lost but this copy, and the next
 * start fetches the rates again. A failed save only costs the offline copy.
 */
function saveWhenIdle(table: RateTable): void {
  lastSave = lastSave
    .then(whenIdle)
    .then(() => saveRatesInWorker(table))
    .catch(() => undefined);
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
