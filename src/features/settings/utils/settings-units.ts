// Money and percent inputs convert with src/lib/money-input.ts; only the upload-cap unit is this form's own.
import { bpsToPercentInput } from '../../../lib/money-input';

const DECIMAL = /^(\d+)(?:[.,](\d*))?$/;

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
