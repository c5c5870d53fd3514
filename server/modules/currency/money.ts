import { CURRENCY_DECIMALS, type CurrencyCode } from './codes';

/** A non-negative rational number p/q held exactly (rates, shares). */
export interface Ratio {
  num: bigint;
  den: bigint;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** "0.85" → 85/100, exactly; throws on anything that is not a plain non-negative decimal. */
export function parseRatio(text: string): Ratio {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  const fraction = match[2] ?? '';
  return { num: BigInt(match[1] + fraction), den: 10n ** BigInt(fraction.length) };
}

/**
 * Rounds num/den to the nearest integer, halves away from zero (the rule every money conversion and
 * revshare share here: 0.5 minor units and above round up, so 2.5 cents → 3, -2.5 → -3).
 */
export function roundHalfAwayFromZero(num: bigint, den: bigint): bigint {
  if (den <= 0n) throw new Error('denominator must be positive');
  const negative = num < 0n;
  const abs = negative ? -num : num;
  const rounded = (abs * 2n + den) / (2n * den);
  return negative ? -rounded : rounded;
}

/**
 * Parses an amount in major units ("19.99", 19.99, "1500") into minor units of `currency`, exactly.
 * More decimals than the currency has are refused unless they are zeros ("19.990" is fine).
 */
export function parseMajorAmount(value: string | number, currency: CurrencyCode): number {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new AmountError('amount must be a non-negative decimal number, e.g. 19.99');
  const decimals = CURRENCY_DECIMALS[currency];
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) {
    throw new AmountError(
      decimals === 0
        ? `${currency} has no minor unit; send a whole amount`
        : `amount has more than ${decimals} decimals for ${currency}`,
    );
  }
  const minor = BigInt(match[1] + fraction.padEnd(decimals, '0'));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new AmountError('amount is too large');
  return Number(minor);
}

export class AmountError extends Error {}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  // toString gives the shortest round-trip form (19.99 → "19.99"); exponent forms are not plain decimals
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20).replace(/\.?0+$/, '') : text;
}

/**
 * Converts minor units between currencies with rates quoted per USD (as the spec's fallback table is):
 * to = from × (rate_to / rate_from) × 10^(decimals_to − decimals_from), rounded half away from zero.
 */
export function convertMinor(
  amountMinor: number,
  from: CurrencyCode,
  to: CurrencyCode,
  perUsd: (currency: CurrencyCode) => Ratio,
): number {
  if (from === to || amountMinor === 0) return amountMinor;
  const rateFrom = perUsd(from);
  const rateTo = perUsd(to);
  const shift = CURRENCY_DECIMALS[to] - CURRENCY_DECIMALS[from];
  let num = BigInt(amountMinor) * rateTo.num * rateFrom.den;
  let den = rateTo.den * rateFrom.num;
  if (shift > 0) num *= 10n ** BigInt(shift);
  else if (shift < 0) den *= 10n ** BigInt(-shift);
  return Number(roundHalfAwayFromZero(num, den));
}

/** The rate from → to as a decimal string with 8 places, for the record. */
export function describeRate(
  from: CurrencyCode,
  to: CurrencyCode,
  perUsd: (c: CurrencyCode) => Ratio,
): string {
  if (from === to) return '1';
  const a = perUsd(from);
  const b = perUsd(to);
  const scaled = roundHalfAwayFromZero(b.num * a.den * 10n ** 8n, b.den * a.num);
  const whole = scaled / 10n ** 8n;
  const frac = (scaled % 10n ** 8n).toString().padStart(8, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/** "12.50 USD", "1500 JPY": plain text for notifications and e-mails (the client formats its own). */
export function formatMinor(amountMinor: number, currency: CurrencyCode): string {
  const decimals = CURRENCY_DECIMALS[currency];
  const sign = amountMinor < 0 ? '-' : '';
  const abs = BigInt(Math.abs(amountMinor));
  if (decimals === 0) return `${sign}${abs} ${currency}`;
  const scale = 10n ** BigInt(decimals);
  return `${sign}${abs / scale}.${(abs % scale).toString().padStart(decimals, '0')} ${currency}`;
}
