import { roundHalfAwayFromZero } from '../../platform/money';

/**
 * The platform fee on a subtotal: subtotal × fee_bps / 10000 in integer minor units (BigInt, no floats),
 * rounded to the nearest minor unit with halves away from zero (12.345 → 12.35, -12.345 → -12.35): the
 * rule every other money rounding here follows. A negative subtotal (clawbacks outweigh the month) gives
 * a negative fee, so the platform returns its share of what it had billed.
 */
export function platformFeeMinor(subtotalMinor: bigint, feeBps: number): bigint {
  return roundHalfAwayFromZero(subtotalMinor * BigInt(feeBps), 10_000n);
}

/** INV-2026-0001: the year's counter, four digits at least. */
export function invoiceNumber(year: number, n: number): string {
  return `INV-${year}-${String(n).padStart(4, '0')}`;
}

/** "10%", "12.5%", "0.25%": basis points as a percentage without trailing zeros. */
export function feePercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}
