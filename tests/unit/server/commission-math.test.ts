import { describe, expect, it } from 'vitest';
import { priceCommission, type PricingTerms } from '../../../server/platform/commission-math';
import {
  convertMinor,
  formatMinor,
  parseMajorAmount,
  parseRatio,
  roundHalfAwayFromZero,
} from '../../../server/platform/money';
import { FALLBACK_RATES_PER_USD } from '../../../server/platform/exchange-rates';
import type { CurrencyCode } from '../../../server/platform/currency-codes';

const base: PricingTerms = {
  commissionModel: 'cpa',
  payoutMinor: 1500,
  revshareBps: null,
  tiers: [],
  publisherOverrides: [],
};
const input = { publisherId: 'p1', event: 'sale' as const, amountMinor: 10_000, earlierThisMonth: 0 };
const builtIn = (code: CurrencyCode) => parseRatio(FALLBACK_RATES_PER_USD[code]);

describe('priceCommission', () => {
  it('pays the fixed payout per sale for cpa, whatever the order amount', () => {
    expect(priceCommission(base, input)).toEqual({ paid: true, amountMinor: 1500, rule: 'base' });
    expect(priceCommission(base, { ...input, amountMinor: 1 })).toMatchObject({ amountMinor: 1500 });
  });

  it('pays basis points of the order for revshare, rounding half away from zero', () => {
    const terms: PricingTerms = { ...base, commissionModel: 'revshare', payoutMinor: null, revshareBps: 750 };
    expect(priceCommission(terms, { ...input, amountMinor: 10_000 })).toMatchObject({ amountMinor: 750 });
    // 1 999 × 7.5 % = 149.925 → 150
    expect(priceCommission(terms, { ...input, amountMinor: 1_999 })).toMatchObject({ amountMinor: 150 });
    // 1 990 × 7.5 % = 149.25 → 149
    expect(priceCommission(terms, { ...input, amountMinor: 1_990 })).toMatchObject({ amountMinor: 149 });
    // exactly half: 10 × 5 % = 0.5 → 1
    expect(priceCommission({ ...terms, revshareBps: 500 }, { ...input, amountMinor: 10 })).toMatchObject({
      amountMinor: 1,
    });
  });

  it('pays cpl per lead and cpc per click, and refuses the other events', () => {
    const cpl: PricingTerms = { ...base, commissionModel: 'cpl', payoutMinor: 300 };
    expect(priceCommission(cpl, { ...input, event: 'lead' })).toMatchObject({ paid: true, amountMinor: 300 });
    expect(priceCommission(cpl, input)).toEqual({
      paid: false,
      reason: 'This campaign pays per lead, not per sale',
      code: 'wrong_event',
    });
    const cpc: PricingTerms = { ...base, commissionModel: 'cpc', payoutMinor: 12 };
    expect(priceCommission(cpc, { ...input, event: 'click' })).toMatchObject({ amountMinor: 12 });
    expect(priceCommission(base, { ...input, event: 'lead' })).toMatchObject({ paid: false });
  });

  it('applies the highest tier the publisher reaches this month, counting this conversion', () => {
    const terms: PricingTerms = {
      ...base,
      tiers: [
        { min_conversions_in_month: 10, payout_minor: 2000 },
        { min_conversions_in_month: 50, payout_minor: 2500 },
      ],
    };
    expect(priceCommission(terms, { ...input, earlierThisMonth: 8 })).toMatchObject({
      amountMinor: 1500,
      rule: 'base',
    });
    expect(priceCommission(terms, { ...input, earlierThisMonth: 9 })).toMatchObject({
      amountMinor: 2000,
      rule: 'tier:10',
    });
    expect(priceCommission(terms, { ...input, earlierThisMonth: 70 })).toMatchObject({
      amountMinor: 2500,
      rule: 'tier:50',
    });
  });

  it('lets a per-publisher override win over tiers, only for that publisher', () => {
    const terms: PricingTerms = {
      ...base,
      tiers: [{ min_conversions_in_month: 1, payout_minor: 2000 }],
      publisherOverrides: [{ publisher_id: 'vip', payout_minor: 4000 }],
    };
    expect(priceCommission(terms, { ...input, publisherId: 'vip' })).toMatchObject({
      amountMinor: 4000,
      rule: 'override',
    });
    expect(priceCommission(terms, input)).toMatchObject({ amountMinor: 2000, rule: 'tier:1' });
  });
});

describe('money helpers', () => {
  it('parses major amounts exactly, per currency exponent', () => {
    expect(parseMajorAmount('19.99', 'USD')).toBe(1999);
    expect(parseMajorAmount(19.99, 'USD')).toBe(1999);
    expect(parseMajorAmount('0.30', 'EUR')).toBe(30);
    expect(parseMajorAmount('1500', 'JPY')).toBe(1500);
    expect(parseMajorAmount('19.990', 'USD')).toBe(1999);
    expect(() => parseMajorAmount('19.999', 'USD')).toThrow(/more than 2 decimals/);
    expect(() => parseMajorAmount('15.5', 'JPY')).toThrow(/no minor unit/);
    expect(() => parseMajorAmount('-5', 'USD')).toThrow(/non-negative/);
    expect(() => parseMajorAmount('1e3', 'USD')).toThrow();
  });

  it('rounds halves away from zero', () => {
    expect(roundHalfAwayFromZero(5n, 2n)).toBe(3n);
    expect(roundHalfAwayFromZero(-5n, 2n)).toBe(-3n);
    expect(roundHalfAwayFromZero(7n, 3n)).toBe(2n);
  });

  it('converts between currencies with per-USD rates, including JPY without decimals', () => {
    // 100.00 EUR → USD at 0.85 per USD = 117.647… → 117.65
    expect(convertMinor(10_000, 'EUR', 'USD', builtIn)).toBe(11_765);
    // 10.00 USD → JPY at 110 = 1 100 yen
    expect(convertMinor(1_000, 'USD', 'JPY', builtIn)).toBe(1_100);
    // 1 000 yen → DKK: 1000 / 110 × 6.5 = 59.0909… → 59.09 kr.
    expect(convertMinor(1_000, 'JPY', 'DKK', builtIn)).toBe(5_909);
    expect(convertMinor(0, 'JPY', 'DKK', builtIn)).toBe(0);
    expect(convertMinor(1234, 'GBP', 'GBP', builtIn)).toBe(1234);
  });

  it('writes amounts for notifications and PDFs with the code and thousands grouped', () => {
    expect(formatMinor(557_700, 'DKK')).toBe('5,577.00 DKK');
    expect(formatMinor(1_500, 'JPY')).toBe('1,500 JPY');
    expect(formatMinor(123_456_789, 'USD')).toBe('1,234,567.89 USD');
    expect(formatMinor(-123_456, 'EUR')).toBe('-1,234.56 EUR');
    expect(formatMinor(5, 'EUR')).toBe('0.05 EUR');
    expect(formatMinor(999, 'JPY')).toBe('999 JPY');
  });
});
