import type { Db } from '../../db/connection';
import { SUPPORTED_CURRENCIES, type CurrencyCode } from '../../platform/currency-codes';
import { parseRatio, ratioToDecimal } from '../../platform/money';
import { insertRateHistory } from './queries';
import { FALLBACK_RATES_PER_USD } from '../../platform/exchange-rates';

const DAY_MS = 24 * 60 * 60 * 1000;
/** the walk stays within ±4% of the built-in rate */
const MAX_DRIFT_BPS = 400;

/** A deterministic step of -12..12 basis points for (currency, day): the same demo on every install. */
function step(currencyIndex: number, dayIndex: number): number {
  let x = (currencyIndex + 1) * 2_654_435_761 + (dayIndex + 1) * 40_503;
  x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d);
  x = Math.imul(x ^ (x >>> 12), 0x297a2d39);
  x ^= x >>> 15;
  return ((x >>> 0) % 25) - 12;
}

/** Drift in basis points for each of `days` days, ending at 0 so the last day is the built-in rate. */
function driftWalk(currencyIndex: number, days: number): number[] {
  const walk: number[] = [];
  let bps = 0;
  for (let i = 0; i < days; i += 1) {
    bps = Math.max(-MAX_DRIFT_BPS, Math.min(MAX_DRIFT_BPS, bps + step(currencyIndex, i)));
    walk.push(bps);
  }
  const last = walk[days - 1] ?? 0;
  return walk.map((bps) => bps - last);
}

/**
 * Demo data: `days` days of rate history up to `today`, a small deterministic daily drift around the
 * built-in rates (exact decimals: the built-in rate × (10000 + drift) / 10000), so /currency/historical and
 * charts have data on a fresh install. Today's rates equal the built-in ones, which stay the current rates
 * until the provider job fetches real ones; days already stored are left alone.
 */
export async function seedRateHistory(db: Db, { days = 90, today = new Date() } = {}): Promise<void> {
  const end = Date.parse(`${today.toISOString().slice(0, 10)}T00:00:00Z`);
  const rows: { day: string; currency: CurrencyCode; perUsd: string; source: string }[] = [];
  SUPPORTED_CURRENCIES.forEach((currency, index) => {
    const base = parseRatio(FALLBACK_RATES_PER_USD[currency]);
    const walk = currency === 'USD' ? new Array<number>(days).fill(0) : driftWalk(index, days);
    walk.forEach((bps, i) => {
      const day = new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10);
      // a terminating decimal: the denominator stays a power of ten, so no rounding happens here
      const rate = { num: base.num * BigInt(10_000 + bps), den: base.den * 10_000n };
      rows.push({ day, currency, perUsd: ratioToDecimal(rate, 12), source: 'demo' });
    });
  });
  await insertRateHistory(db, rows);
}
