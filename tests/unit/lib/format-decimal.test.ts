import { describe, expect, it } from 'vitest';
import { formatDecimal } from '../../../src/lib/format';
import { formatCount, formatRate } from '../../../src/lib/format-number';

// Counts and percentages are written by hand instead of through Intl.NumberFormat (its first use loads the
// browser's number data in the middle of the dashboard's first render): the output must stay Intl's.
const VALUES = [
  0,
  -0,
  1,
  -1,
  0.5,
  1.5,
  2.5,
  -2.5,
  0.005,
  1.005,
  1.015,
  3.25,
  3.255,
  0.95,
  0.995,
  9.995,
  99.95,
  99.99,
  100,
  12345.678,
  999.995,
  1234567,
  123456789.123,
  -0.04,
  -0.05,
  0.0001,
  0.000123,
  1e-7,
  -1e-7,
  0.3333333,
  1e21,
  1e22,
  Infinity,
  -Infinity,
  NaN,
];

describe('formatDecimal', () => {
  it.each([0, 1, 2])('writes what Intl en-US writes with at most %i decimals', (digits) => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits });
    for (const value of VALUES) {
      expect({ value, text: formatDecimal(value, digits) }).toEqual({ value, text: intl.format(value) });
    }
  });

  it('rounds half away from zero on the decimal form, as Intl does', () => {
    expect(formatDecimal(1.005, 2)).toBe('1.01');
    expect(formatDecimal(-2.5, 0)).toBe('-3');
    expect(formatDecimal(999.995, 2)).toBe('1,000');
  });

  it('backs the count and rate formats', () => {
    expect(formatCount(1234567.4)).toBe('1,234,567');
    expect(formatRate(0.0325)).toBe('3.25 %');
    expect(formatRate(1)).toBe('100 %');
  });
});
