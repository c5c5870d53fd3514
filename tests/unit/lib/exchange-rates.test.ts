import { describe, expect, it } from 'vitest';
import {
  builtInRates,
  cleanRates,
  convertMinor,
  crossRate,
  FALLBACK_RATES_USD,
  type RateTable,
} from '../../../src/lib/exchange-rates';

const table = (rates: RateTable['rates']): RateTable => ({
  source: 'USD',
  rates,
  asOf: '2025-06-02',
  origin: 'live',
});

describe('convertMinor', () => {
  const rates = table({ EUR: 0.9, DKK: 6.7104, JPY: 150 });

  it('converts integer minor units through the USD-based table', () => {
    // 1 EUR = 6.7104 / 0.9 = 7.456 DKK
    expect(convertMinor(1500, 'EUR', 'DKK', rates)).toBe(11184);
    expect(convertMinor(1000, 'USD', 'EUR', rates)).toBe(900);
    expect(convertMinor(900, 'EUR', 'USD', rates)).toBe(1000);
  });

  it('returns 0, and amounts between identical currencies, unchanged (spec §5)', () => {
    expect(convertMinor(0, 'EUR', 'DKK', rates)).toBe(0);
    expect(convertMinor(0, 'EUR', 'DKK', null)).toBe(0);
    expect(convertMinor(12345, 'DKK', 'DKK', null)).toBe(12345);
  });

  it('rounds halves away from zero, for refunds too', () => {
    const half = table({ EUR: 0.5 });
    expect(convertMinor(1, 'USD', 'EUR', half)).toBe(1);
    expect(convertMinor(-1, 'USD', 'EUR', half)).toBe(-1);
    expect(convertMinor(3, 'USD', 'EUR', half)).toBe(2);
    expect(convertMinor(-3, 'USD', 'EUR', half)).toBe(-2);
  });

  it('respects JPY having no decimals in both directions', () => {
    // 1 000 yen = 1000 / 150 USD = 6.666… → $6.67
    expect(convertMinor(1000, 'JPY', 'USD', rates)).toBe(667);
    // $10.00 = 1 500 yen
    expect(convertMinor(1000, 'USD', 'JPY', rates)).toBe(1500);
  });

  it('gives null when a rate is missing, so the original amount is shown', () => {
    expect(convertMinor(1500, 'EUR', 'SEK', rates)).toBeNull();
    expect(convertMinor(1500, 'EUR', 'DKK', null)).toBeNull();
    expect(convertMinor(Number.NaN, 'EUR', 'DKK', rates)).toBeNull();
  });
});

describe('rate tables', () => {
  it('crosses any pair through the source currency', () => {
    const rates = table({ EUR: 0.8, GBP: 0.5 });
    expect(crossRate(rates, 'EUR', 'GBP')).toBeCloseTo(0.625);
    expect(crossRate(rates, 'GBP', 'USD')).toBe(2);
    expect(crossRate(rates, 'GBP', 'GBP')).toBe(1);
    expect(crossRate(rates, 'GBP', 'SEK')).toBeNull();
  });

  it('has the spec’s built-in rates against USD, re-based on another source when asked', () => {
    expect(FALLBACK_RATES_USD).toMatchObject({ EUR: 0.85, DKK: 6.5, JPY: 110, ZAR: 14.8 });
    const usd = builtInRates('USD');
    expect(usd).toMatchObject({ source: 'USD', asOf: null, origin: 'built-in' });
    expect(usd.rates.DKK).toBe(6.5);
    expect(builtInRates('EUR').rates.DKK).toBeCloseTo(6.5 / 0.85);
    // 1 000 yen → DKK: 1000 / 110 × 6.5 = 59.09 kr.
    expect(convertMinor(1000, 'JPY', 'DKK', usd)).toBe(5909);
  });

  it('keeps only supported codes with a positive finite rate', () => {
    expect(cleanRates({ EUR: 0.9, XYZ: 2, DKK: -1, SEK: Number.NaN, NOK: '9.8', GBP: 0 })).toEqual({
      EUR: 0.9,
    });
    expect(cleanRates('<html>')).toEqual({});
    expect(cleanRates(null)).toEqual({});
  });
});
