import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../src/lib/format';

describe('formatMoney', () => {
  it('formats DKK with a comma, dot thousands and the kr. suffix', () => {
    expect(formatMoney(123456, 'DKK')).toBe('1.234,56 kr.');
    expect(formatMoney(5, 'DKK')).toBe('0,05 kr.');
    expect(formatMoney(123456789, 'DKK')).toBe('1.234.567,89 kr.');
    expect(formatMoney(-150, 'DKK')).toBe('-1,50 kr.');
  });

  it('formats JPY without decimals', () => {
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
  });

  it('formats other currencies with two decimals and their symbol', () => {
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(100, 'EUR')).toBe('€1.00');
    expect(formatMoney(0, 'GBP')).toBe('£0.00');
  });

  it('formats null and non-finite amounts as an empty string', () => {
    expect(formatMoney(null, 'DKK')).toBe('');
    expect(formatMoney(undefined, 'USD')).toBe('');
    expect(formatMoney(Number.NaN, 'USD')).toBe('');
    expect(formatMoney(Number.POSITIVE_INFINITY, 'EUR')).toBe('');
  });
});
