import { describe, expect, it } from 'vitest';
import { feePercent, invoiceNumber, platformFeeMinor } from '../../../server/modules/invoices/money';

describe('the platform fee', () => {
  it.each([
    [5005, 1000, 501], // 500.5 → 501: halves away from zero
    [5004, 1000, 500],
    [-5005, 1000, -501], // clawbacks outweigh the month: the fee is returned, rounded the same way
    [1, 5000, 1], // 0.5 → 1
    [1, 4999, 0],
    [0, 1000, 0],
    [12345, 0, 0],
    [9_007_199_254_740, 10_000, 9_007_199_254_740], // exact beyond float precision of the product
    [123456789, 1234, 15234568], // 15234567.7626 → 15234568
  ])('%i minor at %i bps → %i', (subtotal, bps, fee) => {
    expect(platformFeeMinor(BigInt(subtotal), bps)).toBe(BigInt(fee));
  });
});

describe('invoice numbers and fee labels', () => {
  it('numbers invoices INV-YYYY-NNNN', () => {
    expect(invoiceNumber(2026, 1)).toBe('INV-2026-0001');
    expect(invoiceNumber(2026, 12345)).toBe('INV-2026-12345');
  });

  it('writes basis points as a percentage', () => {
    expect([1000, 1250, 25, 0, 10_000].map(feePercent)).toEqual(['10%', '12.5%', '0.25%', '0%', '100%']);
  });
});
