import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../src/lib/format';

describe('formatMoney', () => {
  it('formats null and non-finite amounts as an empty string (spec §5)', () => {
    expect(formatMoney(null, 'DKK')).toBe('');
    expect(formatMoney(undefined, 'USD')).toBe('');
    expect(formatMoney(Number.NaN, 'USD')).toBe('');
    expect(formatMoney(Number.POSITIVE_INFINITY, 'EUR')).toBe('');
    expect(formatMoney(Number.NEGATIVE_INFINITY, 'JPY')).toBe('');
  });

  it('formats DKK with two decimals, a decimal comma, dot thousands and the kr. suffix', () => {
    expect(formatMoney(123450, 'DKK')).toBe('1.234,50 kr.');
    expect(formatMoney(123456, 'DKK')).toBe('1.234,56 kr.');
    expect(formatMoney(0, 'DKK')).toBe('0,00 kr.');
    expect(formatMoney(5, 'DKK')).toBe('0,05 kr.');
    expect(formatMoney(99999, 'DKK')).toBe('999,99 kr.');
    expect(formatMoney(123456789, 'DKK')).toBe('1.234.567,89 kr.');
    expect(formatMoney(-150, 'DKK')).toBe('-1,50 kr.');
  });

  it('formats other currencies with two decimals, dot decimals, comma thousands and their symbol', () => {
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(100, 'EUR')).toBe('€1.00');
    expect(formatMoney(0, 'GBP')).toBe('£0.00');
    expect(formatMoney(123456789, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(-150, 'EUR')).toBe('-€1.50');
  });

  it.each([
    ['CAD', 'CA$1,234.50'],
    ['AUD', 'A$1,234.50'],
    ['CNY', 'CN¥1,234.50'],
    ['INR', '₹1,234.50'],
    ['BRL', 'R$1,234.50'],
    ['MXN', 'MX$1,234.50'],
    ['SEK', 'SEK\u00a01,234.50'],
    ['NOK', 'NOK\u00a01,234.50'],
    ['CHF', 'CHF\u00a01,234.50'],
    ['ZAR', 'ZAR\u00a01,234.50'],
  ])('writes %s as %s, whatever the browser’s locale data', (currency, expected) => {
    expect(formatMoney(123450, currency)).toBe(expected);
  });

  it('formats JPY without decimals (its minor unit is the yen)', () => {
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
    expect(formatMoney(0, 'JPY')).toBe('¥0');
    expect(formatMoney(-1234567, 'JPY')).toBe('-¥1,234,567');
  });

  it('rounds a non-integer amount to whole minor units, halves away from zero', () => {
    expect(formatMoney(0.5, 'DKK')).toBe('0,01 kr.');
    expect(formatMoney(-0.5, 'DKK')).toBe('-0,01 kr.');
    expect(formatMoney(2.5, 'USD')).toBe('$0.03');
    expect(formatMoney(2.4, 'USD')).toBe('$0.02');
    expect(formatMoney(-0.4, 'USD')).toBe('$0.00');
  });

  it('writes an unknown code after the amount', () => {
    expect(formatMoney(123450, 'XYZ')).toBe('1,234.50 XYZ');
  });
});
