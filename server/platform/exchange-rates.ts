import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { exchangeRates } from '../db/schema/currency';
import { SUPPORTED_CURRENCIES, isSupportedCurrency, type CurrencyCode } from './currency-codes';
import { parseRatio, type Ratio } from './money';

/** Spec §9 fallback rates against USD, used until (and whenever) a provider cannot be reached. */
export const FALLBACK_RATES_PER_USD: Record<CurrencyCode, string> = {
  USD: '1',
  EUR: '0.85',
  DKK: '6.5',
  SEK: '9.2',
  NOK: '9.8',
  GBP: '0.73',
  JPY: '110',
  CAD: '1.25',
  AUD: '1.35',
  CHF: '0.92',
  CNY: '6.45',
  INR: '74.5',
  BRL: '5.2',
  MXN: '20.1',
  ZAR: '14.8',
};

export const BUILT_IN_SOURCE = 'built-in';

export interface RateTable {
  perUsd(currency: CurrencyCode): Ratio;
  /**
   * where the rates came from, as conversions record it: 'built-in', or the provider's host and the day
   * of its rates ("www.ecb.europa.eu 2025-03-14")
   */
  source: string;
  /** the day the provider's rates are of (YYYY-MM-DD); null for the built-in table */
  day: string | null;
  /** for the built-in table: the day this install stored it (YYYY-MM-DD), when it did */
  builtInSince?: string | null;
}

/** The stored rates (exchange_rates), filled in with the built-in table for any currency missing. */
export async function loadRates(db: Db): Promise<RateTable> {
  const rows = await db.select().from(exchangeRates);
  const table = new Map<CurrencyCode, Ratio>();
  let source = BUILT_IN_SOURCE;
  let day: string | null = null;
  let builtInSince: string | null = null;
  for (const row of rows) {
    if (!isSupportedCurrency(row.currency)) continue;
    try {
      table.set(row.currency, parseRatio(row.perUsd));
      if (row.source === BUILT_IN_SOURCE) builtInSince ??= row.updatedAt.toISOString().slice(0, 10);
      else {
        source = row.day ? `${row.source} ${row.day}` : row.source;
        day = row.day;
      }
    } catch {
      // a malformed stored rate falls back to the built-in one below
    }
  }
  for (const code of SUPPORTED_CURRENCIES) {
    if (!table.has(code)) table.set(code, parseRatio(FALLBACK_RATES_PER_USD[code]));
  }
  return {
    perUsd: (code) => table.get(code)!,
    source,
    day,
    builtInSince: source === BUILT_IN_SOURCE ? builtInSince : null,
  };
}

/** Replaces the current rates (every supported currency at once) with a provider's rates of `day`. */
export async function storeCurrentRates(
  db: Db,
  perUsd: Record<CurrencyCode, string>,
  source: string,
  day: string,
): Promise<void> {
  await db
    .insert(exchangeRates)
    .values(SUPPORTED_CURRENCIES.map((currency) => ({ currency, perUsd: perUsd[currency], source, day })))
    .onConflictDoUpdate({
      target: exchangeRates.currency,
      set: {
        perUsd: sql`excluded.per_usd`,
        source: sql`excluded.source`,
        day: sql`excluded.day`,
        updatedAt: sql`now()`,
      },
    });
}

/** Stores the built-in table on first start so conversions always have a recorded rate to cite. */
export async function ensureStoredRates(db: Db): Promise<void> {
  await db
    .insert(exchangeRates)
    .values(
      SUPPORTED_CURRENCIES.map((currency) => ({
        currency,
        perUsd: FALLBACK_RATES_PER_USD[currency],
        source: BUILT_IN_SOURCE,
      })),
    )
    .onConflictDoNothing();
}
