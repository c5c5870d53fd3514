import { CURRENCY_DECIMALS, type CurrencyCode } from './currency-codes';

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

/** a / b, exactly (b must not be zero). */
export function divideRatio(a: Ratio, b: Ratio): Ratio {
  if (b.num === 0n) throw new Error('division by a zero rate');
  return { num: a.num * b.den, den: a.den * b.num };
}

/** Plain decimal text of `digits` (a scaled integer) with `places` decimals, trailing zeros dropped. */
function scaledToDecimal(digits: bigint, places: number): string {
  const sign = digits < 0n ? '-' : '';
  const abs = digits < 0n ? -digits : digits;
  const scale = 10n ** BigInt(places);
  const frac = (abs % scale).toString().padStart(places, '0').replace(/0+$/, '');
  return `${sign}${abs / scale}${frac ? `.${frac}` : ''}`;
}

/** r as a plain decimal with at most `places` decimals, rounded half away from zero ("6.011840917499"). */
export function ratioToDecimal(r: Ratio, places: number): string {
  return scaledToDecimal(roundHalfAwayFromZero(r.num * 10n ** BigInt(places), r.den), places);
}

/**
 * r rounded half away from zero to `digits` significant digits (whole numbers keep all theirs), as a plain
 * decimal: what the API shows
 * of a rate (0.00909090909 → "0.009090909091" at 10 digits; 110 → "110").
 */
export function ratioToSignificant(r: Ratio, digits: number): string {
  if (r.num === 0n) return '0';
  const integerDigits = (r.num / r.den).toString().length;
  // below 1, count the leading zeros after the point: they are not significant
  let places = digits - integerDigits;
  if (r.num < r.den) {
    let scaled = r.num * 10n;
    while (scaled < r.den) {
      scaled *= 10n;
      places += 1;
    }
    places += 1;
  }
  return ratioToDecimal(r, Math.max(places, 0));
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

/** parseMajorAmount for amounts that may be negative (refunds, clawbacks): "-12.50" → -1250. */
export function parseSignedMajorAmount(value: string | number, currency: CurrencyCode): number {
  if (typeof value === 'number') {
    const minor = parseMajorAmount(Math.abs(value), currency);
    return value < 0 && minor !== 0 ? -minor : minor;
  }
  const text = value.trim();
  const negative = text.startsWith('-');
  const minor = parseMajorAmount(negative ? text.slice(1) : text, currency);
  return negative && minor !== 0 ? -minor : minor;
}

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
  return Number(convertMinorExact(BigInt(amountMinor), from, to, perUsd));
}

/** convertMinor for sums, which may be past 2^53: the same rule on bigints. */
export function convertMinorExact(
  amountMinor: bigint,
  from: CurrencyCode,
  to: CurrencyCode,
  perUsd: (currency: CurrencyCode) => Ratio,
): bigint {
  if (from === to || amountMinor === 0n) return amountMinor;
  const rateFrom = perUsd(from);
  const rateTo = perUsd(to);
  const shift = CURRENCY_DECIMALS[to] - CURRENCY_DECIMALS[from];
  let num = amountMinor * rateTo.num * rateFrom.den;
  let den = rateTo.den * rateFrom.num;
  if (shift > 0) num *= 10n ** BigInt(shift);
  else if (shift < 0) den *= 10n ** BigInt(-shift);
  return roundHalfAwayFromZero(num, den);
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

/** "12.50", "1500", "-0.05": minor units as major-unit text with the currency's decimals. */
export function minorToMajorText(amountMinor: number | bigint, currency: CurrencyCode): string {
  const decimals = CURRENCY_DECIMALS[currency];
  const sign = amountMinor < 0 ? '-' : '';
  const abs = BigInt(amountMinor < 0 ? -amountMinor : amountMinor);
  if (decimals === 0) return `${sign}${abs}`;
  const scale = 10n ** BigInt(decimals);
  return `${sign}${abs / scale}.${(abs % scale).toString().padStart(decimals, '0')}`;
}

/**
 * "12.50 USD", "1,500 JPY", "5,577.00 DKK": plain text for notifications, e-mails and PDFs, the same in every
 * language (the client formats its own figures for the user's display currency).
 */
export function formatMinor(amountMinor: number | bigint, currency: CurrencyCode): string {
  const [whole = '', fraction] = minorToMajorText(amountMinor, currency).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fraction === undefined ? grouped : `${grouped}.${fraction}`} ${currency}`;
}
