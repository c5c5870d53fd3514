import { currencyDecimals } from '../../../lib/currency';

// The exact conversions the campaign form uses (features/campaigns/utils/money-input.ts); features do
// not import each other, so the two this form needs live here too. Both work on the typed digits, so
// no float ever rounds a cent or a basis point away.

const DECIMAL = /^(\d+)(?:[.,](\d*))?$/;

/** "12.34" in the currency's major units → integer minor units; more decimals than it has → null. */
export function parseMajorToMinor(input: string, currency: string): number | null {
  const match = DECIMAL.exec(input.trim().replace(/[\s_]/g, ''));
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  const decimals = currencyDecimals(currency);
  if (fraction.length > decimals) return null;
  const minor = Number(`${whole}${fraction.padEnd(decimals, '0')}`);
  return Number.isSafeInteger(minor) ? minor : null;
}

export function minorToMajorInput(minor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  if (decimals === 0) return String(minor);
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** "2.5" percent → 250 basis points (at most 2 decimals: 1 bp = 0.01 %). */
export function parsePercentToBps(input: string): number | null {
  const match = DECIMAL.exec(input.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return null;
  const bps = Number(`${whole}${fraction.padEnd(2, '0')}`);
  return Number.isSafeInteger(bps) ? bps : null;
}

export function bpsToPercentInput(bps: number): string {
  const whole = Math.floor(bps / 100);
  const rest = bps % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

export const BYTES_PER_MB = 1024 * 1024;
export const MIN_UPLOAD_BYTES = 1024;
export const MAX_UPLOAD_BYTES = 100 * BYTES_PER_MB;

/**
 * "10" or "2.5" MB (MiB, at most 2 decimals) → bytes. A byte count has no cents to keep, so the
 * one division by 100 rounds half up to the nearest byte.
 */
export function parseMbToBytes(input: string): number | null {
  const match = DECIMAL.exec(input.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return null;
  const hundredths = Number(`${whole}${fraction.padEnd(2, '0')}`);
  return Number.isSafeInteger(hundredths) ? Math.round((hundredths * BYTES_PER_MB) / 100) : null;
}

/** Bytes → the MB text shown in the field (up to 2 decimals). */
export function bytesToMbInput(bytes: number): string {
  const hundredths = Math.round((bytes * 100) / BYTES_PER_MB);
  return bpsToPercentInput(hundredths);
}
