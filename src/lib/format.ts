import { currencyDecimals } from './currency';

/**
 * How each supported currency is written outside DKK: the prefix en-US shows (`$`, `€`, `CA$`, …), fixed
 * here so the output never depends on the browser's locale data. SEK and NOK keep their code: their
 * symbol "kr" would be mistaken for DKK's "kr." in a multi-currency table.
 */
const PREFIX: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CAD: 'CA$',
  AUD: 'A$',
  CNY: 'CN¥',
  INR: '₹',
  BRL: 'R$',
  MXN: 'MX$',
  SEK: 'SEK\u00a0',
  NOK: 'NOK\u00a0',
  CHF: 'CHF\u00a0',
  ZAR: 'ZAR\u00a0',
};

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * A number as en-US writes it with at most `maxFractionDigits` decimals and no trailing zeros, e.g.
 * (12345.678, 1) → '12,345.7', (3.25, 2) → '3.25', (100, 2) → '100': what `Intl.NumberFormat('en-US', {
 * maximumFractionDigits })` prints, without the browser loading its number data for it (the first
 * Intl.NumberFormat costs ~25 ms on a fast machine, 4× that on a phone, in the middle of the dashboard's
 * first render). Like Intl it rounds the shortest decimal form of the value half away from zero
 * (1.005 → '1.01').
 */
export function formatDecimal(value: number, maxFractionDigits: number): string {
  const shortest = String(Math.abs(value));
  // Exponent forms (from 1e21 up, below 1e-6) and NaN/Infinity: rare enough for Intl itself.
  if (!/^\d+(\.\d+)?$/.test(shortest)) {
    return new Intl.NumberFormat('en-US', { maximumFractionDigits: maxFractionDigits }).format(value);
  }
  const [whole = '0', fraction = ''] = shortest.split('.');
  let digits = `${whole}${fraction.slice(0, maxFractionDigits).padEnd(maxFractionDigits, '0')}`;
  if ((fraction[maxFractionDigits] ?? '0') >= '5') digits = (BigInt(digits) + 1n).toString();
  digits = digits.padStart(maxFractionDigits + 1, '0');
  const integer = digits.slice(0, digits.length - maxFractionDigits);
  const decimals = digits.slice(digits.length - maxFractionDigits).replace(/0+$/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${groupThousands(integer, ',')}${decimals ? `.${decimals}` : ''}`;
}

/**
 * Formats an integer amount in minor units for display: DKK as `1.234,50 kr.` (dot thousands, comma
 * decimals, suffix), every other currency with its prefix and two decimals (`€1,234.50`), JPY without
 * decimals (`¥1,500`). Null or non-finite amounts format as '' (spec §5). Non-integer input is rounded
 * half away from zero to whole minor units first, so the digits shown are exactly the stored ones.
 */
export function formatMoney(amountMinor: MinorAmount | null | undefined, currency: string): string {
  if (typeof amountMinor === 'string') return formatExactMoney(amountMinor, currency);
  if (amountMinor === null || amountMinor === undefined || !Number.isFinite(amountMinor)) return '';
  const minor = Math.round(Math.abs(amountMinor));
  const sign = amountMinor < 0 && minor !== 0 ? '-' : '';
  const decimals = currencyDecimals(currency);
  // Built from integer parts (no float division) so the output is exact.
  const scale = 10 ** decimals;
  const whole = String(Math.floor(minor / scale));
  const fraction = decimals > 0 ? String(minor % scale).padStart(decimals, '0') : '';
  return moneyText(sign, whole, fraction, currency);
}

/**
 * Minor units on the wire: a number, or (sums past 2^53 − 1, which a number would round) a string of
 * digits. `minorValue` gives a number for arithmetic and charts; formatMoney shows a string exactly.
 */
export type MinorAmount = number | string;

export const minorValue = (amount: MinorAmount): number =>
  typeof amount === 'string' ? Number(amount) : amount;

function formatExactMoney(digits: string, currency: string): string {
  if (!/^-?\d+$/.test(digits)) return '';
  const value = BigInt(digits);
  const abs = value < 0n ? -value : value;
  const decimals = currencyDecimals(currency);
  const scale = 10n ** BigInt(decimals);
  const fraction = decimals > 0 ? String(abs % scale).padStart(decimals, '0') : '';
  return moneyText(value < 0n ? '-' : '', String(abs / scale), fraction, currency);
}

function moneyText(sign: string, whole: string, fraction: string, currency: string): string {
  if (currency === 'DKK') return `${sign}${groupThousands(whole, '.')},${fraction} kr.`;
  const number = `${groupThousands(whole, ',')}${fraction ? `.${fraction}` : ''}`;
  const prefix = PREFIX[currency];
  return prefix === undefined ? `${sign}${number} ${currency}` : `${sign}${prefix}${number}`;
}
