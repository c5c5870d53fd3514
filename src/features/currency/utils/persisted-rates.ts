import Dexie from 'dexie';
import { isSupportedCurrency } from '../../../lib/currency';
import { db } from '../../../lib/db';
import { cleanRates, type RateTable } from '../../../lib/exchange-rates';
import type { CurrencyCode } from '../../../../contracts/currencies';

/** The UTC day of a timestamp, YYYY-MM-DD. */
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Keeps the server's rates on this device, one row per source currency and day (a later fetch of the same day replaces it). */
export async function saveRates(table: RateTable, now = Date.now()): Promise<void> {
  await db.rates.put({
    source: table.source,
    day: table.asOf ?? utcDay(now),
    rates: table.rates,
    asOf: table.asOf,
    fetchedAt: now,
  });
}

/** The most recent saved rates for `source`, or null when this device has none. */
export async function loadSavedRates(source: CurrencyCode): Promise<RateTable | null> {
  const row = await db.rates
    .where('[source+day]')
    .between([source, Dexie.minKey], [source, Dexie.maxKey])
    .last();
  if (!row || !isSupportedCurrency(row.source)) return null;
  const rates = cleanRates(row.rates);
  if (Object.keys(rates).length === 0) return null;
  return { source: row.source, rates, asOf: row.asOf ?? row.day, origin: 'saved' };
}
