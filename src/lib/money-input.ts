import { currencyDecimals } from './currency';

const DECIMAL = /^(\d+)(?:[.,](\d*))?$/;

/**
 * Parses what a user typed in major units ("12.34", "12,5", "500") into integer minor units for the
 * currency, working on the digits of the string so no float ever rounds a cent away. More decimals than
 * the currency has (e.g. "1.005" EUR, "1.5" JPY) are rejected rather than rounded: money is never
 * silently changed. Returns null for anything that is not a non-negative decimal number.
 */
export function parseMajorToMinor(input: string, currency: string): number | null {
  const match = DECIMAL.exec(input.trim().replace(/[\s_]/g, ''));
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  const decimals = currencyDecimals(currency);
  if (fraction.length > decimals) return null;
  const minor = Number(`${whole}${fraction.padEnd(decimals, '0')}`);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units back to the plain decimal string a form field shows (no grouping, no symbol). */
export function minorToMajorInput(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return '';
  const decimals = currencyDecimals(currency);
  if (decimals === 0) return String(minor);
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** "12.5" percent → 1250 basis points, exactly (at most 2 decimals: 1 bp = 0.01 %). */
export function parsePercentToBps(input: string): number | null {
  const match = DECIMAL.exec(input.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return null;
  const bps = Number(`${whole}${fraction.padEnd(2, '0')}`);
  return Number.isSafeInteger(bps) ? bps : null;
}

export function bpsToPercentInput(bps: number | null | undefined): string {
  if (bps === null || bps === undefined) return '';
  const whole = Math.floor(bps / 100);
  const rest = bps % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** For display: 1250 bps → "12.5 %". */
export const formatBps = (bps: number | null | undefined) =>
  bps === null || bps === undefined ? '' : `${bpsToPercentInput(bps)} %`;
