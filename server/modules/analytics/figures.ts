import { isSupportedCurrency, type CurrencyCode } from '../../platform/currency-codes';
import { toMinorSum, type MinorSum } from '../../platform/minor-sum';
import { convertMinorExact, roundHalfAwayFromZero } from '../../platform/money';
import type { RateTable } from '../../platform/exchange-rates';
import { formatDayIn, toLanguage, translate } from '../../platform/i18n';
import type { CurrencySums } from './queries';

/**
 * Counters and money of one group, all money in the display currency (minor units). Money is a bigint: sums
 * are exact however large; the answer gives them as toMinorSum does.
 */
export interface Figures {
  clicks: number;
  uniqueClicks: number;
  conversions: number;
  revenueMinor: bigint;
  pendingMinor: bigint;
  approvedMinor: bigint;
  paidMinor: bigint;
}

export const zeroFigures = (): Figures => ({
  clicks: 0,
  uniqueClicks: 0,
  conversions: 0,
  revenueMinor: 0n,
  pendingMinor: 0n,
  approvedMinor: 0n,
  paidMinor: 0n,
});

/**
 * Adds one group's sums in one currency to `into`, converted to `to`. Rounding rule: each
 * (group, currency) subtotal is converted with the stored rate and rounded once, to the nearest minor unit
 * of `to`, halves away from zero (convertMinor); the rounded subtotals are then added exactly. So a row
 * is the sum of its currencies, and totals are the sum of the rows.
 */
export function addConverted(into: Figures, sums: CurrencySums, to: CurrencyCode, rates: RateTable): void {
  // the rollup only holds campaign currencies, all supported; anything else would be a bug upstream
  if (!isSupportedCurrency(sums.currency)) throw new Error(`unsupported currency ${sums.currency}`);
  const from = sums.currency;
  const convert = (minor: bigint) => convertMinorExact(minor, from, to, rates.perUsd);
  into.clicks += sums.clicks;
  into.uniqueClicks += sums.uniqueClicks;
  into.conversions += sums.conversions;
  into.revenueMinor += convert(sums.revenueMinor);
  into.pendingMinor += convert(sums.pendingMinor);
  into.approvedMinor += convert(sums.approvedMinor);
  into.paidMinor += convert(sums.paidMinor);
}

export function addFigures(into: Figures, other: Figures): void {
  into.clicks += other.clicks;
  into.uniqueClicks += other.uniqueClicks;
  into.conversions += other.conversions;
  into.revenueMinor += other.revenueMinor;
  into.pendingMinor += other.pendingMinor;
  into.approvedMinor += other.approvedMinor;
  into.paidMinor += other.paidMinor;
}

/** Per-currency sums collapsed to one Figures per key, in `to`; keys keep their first-seen order. */
export function convertByKey(rows: CurrencySums[], to: CurrencyCode, rates: RateTable): Map<string, Figures> {
  const byKey = new Map<string, Figures>();
  for (const row of rows) {
    let figures = byKey.get(row.key);
    if (!figures) byKey.set(row.key, (figures = zeroFigures()));
    addConverted(figures, row, to, rates);
  }
  return byKey;
}

/** Earned commission: pending + approved + paid (rejected and reversed are not earned). */
export const commissionOf = (f: Figures): bigint => f.pendingMinor + f.approvedMinor + f.paidMinor;

/** Orders two figures by earned commission, highest first (a comparator's sign, without Number()). */
export const byCommissionDesc = (a: Figures, b: Figures): number => {
  const diff = commissionOf(b) - commissionOf(a);
  return diff > 0n ? 1 : diff < 0n ? -1 : 0;
};

/** Conversion rate: conversions per unique click, 0 without unique clicks. */
export const crOf = (f: Figures) => (f.uniqueClicks > 0 ? f.conversions / f.uniqueClicks : 0);

/** Earnings per click in minor units: commission / clicks rounded half away from zero, 0 without clicks. */
export const epcOf = (f: Figures): MinorSum =>
  f.clicks > 0 ? toMinorSum(roundHalfAwayFromZero(commissionOf(f), BigInt(f.clicks))) : 0;

/** The platform fee on `commissionMinor` at `bps` basis points, rounded half away from zero. */
export const feeOf = (commissionMinor: bigint, bps: number): MinorSum =>
  toMinorSum(roundHalfAwayFromZero(commissionMinor * BigInt(bps), 10_000n));

/** What the answer says about the rates it used, in the reader's language (English keeps ISO days). */
export function ratesNote(currency: CurrencyCode, rates: RateTable, language: unknown = 'en'): string {
  // a fresh install has no provider yet: that is a setting to make, not a failure to alarm about
  if (rates.source === 'built-in') {
    const since = rates.builtInSince;
    if (!since) return translate(language, 'stats:rates.builtIn', { currency });
    const date = toLanguage(language) === 'en' ? since : formatDayIn(language, since);
    return translate(language, 'stats:rates.builtInOf', { currency, date });
  }
  return translate(language, 'stats:rates.stored', { currency, source: rates.source });
}
