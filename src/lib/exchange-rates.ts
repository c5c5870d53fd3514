import { currencyDecimals, isSupportedCurrency } from './currency';
import { SUPPORTED_CURRENCIES, type CurrencyCode } from '../../contracts/currencies';

/** Where a rate table came from: the server now, this device's saved copy, or the spec's built-in table. */
export type RatesOrigin = 'live' | 'saved' | 'built-in';

export interface RateTable {
  /** rates are units of each currency per one unit of `source` */
  source: CurrencyCode;
  rates: Partial<Record<CurrencyCode, number>>;
  /** the day (YYYY-MM-DD) of the rates; null for built-in rates */
  asOf: string | null;
  origin: RatesOrigin;
}

/** Spec §9: fallback rates against USD, used when neither the server nor a saved copy has rates. */
export const FALLBACK_RATES_USD: Readonly<Record<CurrencyCode, number>> = Object.freeze({
  USD: 1,
  EUR: 0.85,
  DKK: 6.5,
  SEK: 9.2,
  NOK: 9.8,
  GBP: 0.73,
  JPY: 110,
  CAD: 1.25,
  AUD: 1.35,
  CHF: 0.92,
  CNY: 6.45,
  INR: 74.5,
  BRL: 5.2,
  MXN: 20.1,
  ZAR: 14.8,
});

/** The built-in rates, re-based on `source`. */
export function builtInRates(source: CurrencyCode): RateTable {
  const base = FALLBACK_RATES_USD[source];
  const rates = Object.fromEntries(
    SUPPORTED_CURRENCIES.map((code) => [code, FALLBACK_RATES_USD[code] / base]),
  ) as Record<CurrencyCode, number>;
  return { source, rates, asOf: null, origin: 'built-in' };
}

/** Keeps the supported codes with a positive finite rate; anything else in `rates` is dropped. */
export function cleanRates(rates: unknown): Partial<Record<CurrencyCode, number>> {
  const clean: Partial<Record<CurrencyCode, number>> = {};
  if (typeof rates !== 'object' || rates === null) return clean;
  for (const [code, rate] of Object.entries(rates)) {
    if (isSupportedCurrency(code) && typeof rate === 'number' && Number.isFinite(rate) && rate > 0) {
      clean[code] = rate;
    }
  }
  return clean;
}

const rateAgainstSource = (table: RateTable, code: string): number | undefined =>
  code === table.source ? 1 : table.rates[code as CurrencyCode];

/** Units of `to` per unit of `from`, crossed through the table's source; null when either is missing. */
export function crossRate(table: RateTable | null, from: string, to: string): number | null {
  if (from === to) return 1;
  if (!table) return null;
  const fromRate = rateAgainstSource(table, from);
  const toRate = rateAgainstSource(table, to);
  if (!fromRate || !toRate) return null;
  return toRate / fromRate;
}

/**
 * Converts integer minor units of `from` into integer minor units of `to` for display. 0, or identical
 * currencies, come back unchanged (spec §5); null when there is no rate (the caller shows the original).
 * Rounding: the float product is rounded to whole minor units of `to`, halves away from zero
 * (2.5 → 3, -2.5 → -3), the rule the server's conversions use.
 */
export function convertMinor(
  amountMinor: number,
  from: string,
  to: string,
  table: RateTable | null,
): number | null {
  if (!Number.isFinite(amountMinor)) return null;
  if (amountMinor === 0 || from === to) return amountMinor;
  const rate = crossRate(table, from, to);
  if (rate === null) return null;
  const scaled = amountMinor * rate * 10 ** (currencyDecimals(to) - currencyDecimals(from));
  if (!Number.isFinite(scaled)) return null;
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}
