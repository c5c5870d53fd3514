import { z } from 'zod';

/**
 * A sum of minor units on the wire: a JSON integer while it is a safe JavaScript integer (every sum a real
 * install sees), a string of decimal digits beyond 2^53 − 1, where a JSON number would reach a JavaScript
 * client rounded. Single amounts never get there: each conversion is capped (MAX_CONVERSION_AMOUNT_MINOR).
 */
export type MinorSum = number | string;

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export const minorSumSchema = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/)])
  .describe('minor units: an integer, or a string of digits when beyond 2^53 − 1');

/** The wire form of an exact sum: a number when safe, else its decimal digits. */
export function toMinorSum(value: bigint): MinorSum {
  return isSafeMinor(value) ? Number(value) : value.toString();
}

/** A SQL sum read as text (sum over bigint is numeric: cast it to text, never to a float). */
export function exactSum(text: string | null | undefined): bigint {
  return text === null || text === undefined || text === '' ? 0n : BigInt(text);
}

/** Whether a sum fits a JavaScript number exactly. */
export function isSafeMinor(value: bigint): boolean {
  return value <= SAFE && value >= -SAFE;
}
