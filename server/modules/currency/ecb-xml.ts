import { SUPPORTED_CURRENCIES, type CurrencyCode } from '../../platform/currency-codes';
import { divideRatio, parseRatio, ratioToDecimal, type Ratio } from '../../platform/money';

/** Why a provider's answer cannot be used; the message is what /currency/health shows. */
export class ProviderError extends Error {}

export interface EcbRates {
  /** the day the rates are of (`<Cube time='…'>`) */
  day: string;
  /** units of each currency per EUR, as published */
  perEur: Map<string, Ratio>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ATTRIBUTE = /([A-Za-z_][\w.-]*)\s*=\s*(['"])(.*?)\2/g;

function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(ATTRIBUTE)].map((m) => [m[1]!, m[3]!]));
}

/** A `YYYY-MM-DD` that names a real day (not 2025-02-30). */
export const isRealDay = (day: string) =>
  DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

/** One `<Cube currency rate>`'s rate per EUR, refused when it is not a decimal or is zero. */
export function rateOf(currency: string, rate: string): Ratio {
  let ratio: Ratio;
  try {
    ratio = parseRatio(rate);
  } catch {
    throw new ProviderError(`the rate of ${currency} ("${rate.slice(0, 40)}") is not a decimal number`);
  }
  if (ratio.num === 0n) throw new ProviderError(`the rate of ${currency} is zero`);
  return ratio;
}

/**
 * Reads the ECB reference-rate format (eurofxref-daily.xml): `<Cube time='YYYY-MM-DD'>` holding one
 * `<Cube currency='USD' rate='1.0812'/>` per currency, rates against EUR. Of a history file
 * (eurofxref-hist.xml) the first, latest, day is taken. Anything else, an HTML page included, is refused.
 *
 * Patterns, not `fast-xml-parser` (issue 42, `npm run bench:libs`): the same checks on its tree ran at
 * 0.28× this speed on the daily file and under 0.01× on a 90-day history, which it parses whole where these
 * patterns stop at the first day; the format is one fixed shape and the answer is capped at 512 KB.
 */
export function parseEcbXml(body: string): EcbRates {
  const text = body.trim();
  if (/^(<!doctype html|<html)/i.test(text) || /<(html|body)[\s>]/i.test(text.slice(0, 2000))) {
    throw new ProviderError('the provider answered an HTML page instead of ECB XML');
  }
  if (!text.startsWith('<')) throw new ProviderError('the provider did not answer XML');
  const day = /<Cube\s+time\s*=\s*(['"])([^'"]*)\1\s*>([\s\S]*?)<\/Cube>/.exec(text);
  if (!day) throw new ProviderError('the answer has no complete <Cube time="…"> element (not ECB XML?)');
  if (!isRealDay(day[2]!)) throw new ProviderError(`the rates' day "${day[2]}" is not a date`);
  const perEur = new Map<string, Ratio>();
  for (const [tag] of day[3]!.matchAll(/<Cube\b[^>]*\/?>/g)) {
    const { currency, rate } = attributes(tag);
    if (!currency || rate === undefined) continue;
    perEur.set(currency.toUpperCase(), rateOf(currency, rate));
  }
  return { day: day[2]!, perEur };
}

/** Decimal places a cross-computed rate is stored with. */
export const STORED_RATE_PLACES = 12;

/**
 * Every supported currency per USD from rates per EUR: C/USD = (C/EUR) ÷ (USD/EUR), computed exactly and
 * stored with 12 decimals, rounded half away from zero (a quotient like 7.4604/1.0812 has no finite
 * decimal form). Refuses a table that lacks any supported currency.
 */
export function ratesPerUsd(perEur: Map<string, Ratio>): Record<CurrencyCode, string> {
  const table = new Map(perEur);
  table.set('EUR', { num: 1n, den: 1n });
  const missing = SUPPORTED_CURRENCIES.filter((code) => !table.has(code));
  if (missing.length > 0) throw new ProviderError(`the provider has no rate for ${missing.join(', ')}`);
  const usd = table.get('USD')!;
  return Object.fromEntries(
    SUPPORTED_CURRENCIES.map((code) => [
      code,
      code === 'USD' ? '1' : ratioToDecimal(divideRatio(table.get(code)!, usd), STORED_RATE_PLACES),
    ]),
  ) as Record<CurrencyCode, string>;
}
