import type { Db } from '../../db/connection';
import { fieldError } from '../../platform/http-error';
import { getSettings } from '../../platform/settings';
import { CURRENCY_INFO, type CurrencyCode } from '../../platform/currency-codes';
import {
  AmountError,
  convertMinor,
  divideRatio,
  minorToMajorText,
  parseRatio,
  parseSignedMajorAmount,
  ratioToSignificant,
  roundHalfAwayFromZero,
  type Ratio,
} from '../../platform/money';
import * as q from './queries';
import { BUILT_IN_SOURCE, loadRates, type RateTable } from '../../platform/exchange-rates';
import {
  MAX_HISTORY_DAYS,
  type ConversionInput,
  type ConversionResponse,
  type HealthResponse,
  type HistoricalQuery,
  type HistoricalResponse,
  type PairRateResponse,
  type RatesResponse,
} from './schema';

/** Significant digits of a rate on the wire: enough for a client to convert to the cent. */
const RATE_DIGITS = 10;

const rateSource = (table: RateTable) => (table.source === BUILT_IN_SOURCE ? 'fallback' : 'provider');

/** Units of `to` per unit of `from` under `table`, exactly. */
function pairRatio(table: RateTable, from: CurrencyCode, to: CurrencyCode): Ratio {
  return from === to ? { num: 1n, den: 1n } : divideRatio(table.perUsd(to), table.perUsd(from));
}

const wireRate = (ratio: Ratio) => Number(ratioToSignificant(ratio, RATE_DIGITS));

export async function currentRates(db: Db, source: CurrencyCode): Promise<RatesResponse> {
  const table = await loadRates(db);
  const rates = Object.fromEntries(
    CURRENCY_INFO.map(({ code }) => [code, wireRate(pairRatio(table, source, code))]),
  ) as Record<CurrencyCode, number>;
  return { success: true, source_currency: source, rates, as_of: table.day, source: rateSource(table) };
}

export async function pairRate(db: Db, from: CurrencyCode, to: CurrencyCode): Promise<PairRateResponse> {
  const table = await loadRates(db);
  return { from, to, rate: wireRate(pairRatio(table, from, to)), as_of: table.day };
}

/**
 * Converts through integer minor units with the current stored rates (convertMinor rounds half away from
 * zero to the target's decimals); 0, or identical currencies, give the amount back unchanged.
 * `field` names the amount in a 422 (`amount`, `conversions.3.amount`).
 */
function convertWith(table: RateTable, input: ConversionInput, field: string): ConversionResponse {
  const from = input.from_currency;
  const to = input.to_currency;
  let amountMinor: number;
  try {
    amountMinor = parseSignedMajorAmount(input.amount, from);
  } catch (err) {
    if (err instanceof AmountError) throw fieldError(field, err.message);
    throw err;
  }
  const converted = convertMinor(amountMinor, from, to, table.perUsd);
  if (!Number.isSafeInteger(converted)) throw fieldError(field, 'the converted amount is too large');
  return {
    amount: Number(minorToMajorText(amountMinor, from)),
    from_currency: from,
    to_currency: to,
    converted_amount: Number(minorToMajorText(converted, to)),
    rate: wireRate(pairRatio(table, from, to)),
  };
}

export async function convert(db: Db, input: ConversionInput): Promise<ConversionResponse> {
  return convertWith(await loadRates(db), input, 'amount');
}

/** Every item with one rate table, in order; the first bad item refuses the whole batch. */
export async function convertBatch(db: Db, inputs: ConversionInput[]): Promise<ConversionResponse[]> {
  const table = await loadRates(db);
  return inputs.map((input, i) => convertWith(table, input, `conversions.${i}.amount`));
}

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** `to_date` defaults to today (UTC), `from_date` to 29 days before it; from ≤ to, at most 366 days. */
function historyRange(query: HistoricalQuery, now: Date) {
  const to = query.to_date ?? now.toISOString().slice(0, 10);
  const from = query.from_date ?? addDays(to, -29);
  if (from > to) throw fieldError('from_date', 'from_date must be on or before to_date');
  if (daysBetween(from, to) + 1 > MAX_HISTORY_DAYS) {
    throw fieldError('to_date', `the range may cover at most ${MAX_HISTORY_DAYS} days`);
  }
  return { from, to };
}

/** The day a rate is grouped under: itself, the Monday of its ISO week, or the first of its month. */
function periodStart(day: string, group: HistoricalQuery['group']): string {
  if (group === 'month') return `${day.slice(0, 8)}01`;
  if (group === 'week') return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
  return day;
}

/** Rates are averaged as integers scaled by 10^12, the precision they are stored with. */
const SCALE = 10n ** 12n;

/** Daily rates of from → to as integers scaled by SCALE, days without rates carrying the last day's forward. */
async function dailyRates(db: Db, from: CurrencyCode, to: CurrencyCode, range: { from: string; to: string }) {
  const daily = new Map<string, bigint>();
  if (from === to) {
    for (let day = range.from; day <= range.to; day = addDays(day, 1)) daily.set(day, SCALE);
    return daily;
  }
  const byDay = new Map<string, Map<string, Ratio>>();
  for (const row of await q.rateHistory(db, [from, to], range.from, range.to)) {
    try {
      const rates = byDay.get(row.day) ?? new Map<string, Ratio>();
      rates.set(row.currency, parseRatio(row.perUsd));
      byDay.set(row.day, rates);
    } catch {
      // a malformed stored rate leaves its day to carry-forward
    }
  }
  let carried: bigint | null = null;
  const stored = [...byDay.keys()];
  let next = 0;
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    // the stored days up to this one (the first may lie before the range)
    for (; next < stored.length && stored[next]! <= day; next += 1) {
      const rates = byDay.get(stored[next]!)!;
      const a = rates.get(from);
      const b = rates.get(to);
      if (a && b) carried = roundHalfAwayFromZero(b.num * a.den * SCALE, b.den * a.num);
    }
    if (carried !== null) daily.set(day, carried);
  }
  return daily;
}

/**
 * Rates of from → to over a range of days from the stored history. A day without stored rates (weekends
 * and holidays of the ECB, a provider outage) carries the last earlier day's rate forward; days before
 * the first stored rates are left out. Weeks and months give the average of their days in the range.
 */
export async function historicalRates(
  db: Db,
  from: CurrencyCode,
  to: CurrencyCode,
  query: HistoricalQuery,
  now = new Date(),
): Promise<HistoricalResponse> {
  const range = historyRange(query, now);
  const daily = await dailyRates(db, from, to, range);
  const periods = new Map<string, { sum: bigint; days: bigint }>();
  for (const [day, scaled] of daily) {
    const key = periodStart(day, query.group);
    const period = periods.get(key) ?? { sum: 0n, days: 0n };
    period.sum += scaled;
    period.days += 1n;
    periods.set(key, period);
  }
  const rates = [...periods].map(([date, { sum, days }]) => ({
    date,
    rate: wireRate({ num: sum, den: SCALE * days }),
  }));
  return { from, to, group: query.group, from_date: range.from, to_date: range.to, rates };
}

export function supportedCurrencies() {
  return { currencies: CURRENCY_INFO };
}

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** Why the rates are not live, or null when they are. */
function degradedReason(url: string | null, status: q.RateStatusRow | null, table: RateTable) {
  if (!url) return 'no rates provider is configured';
  if (!status?.attemptFinishedAt) return 'the rates have not been fetched from the provider yet';
  if (status.lastError) return status.lastError;
  if (rateSource(table) === 'fallback') return 'no rates from the provider are stored';
  return null;
}

/** `ok` while the last fetch of the admin's provider succeeded; otherwise `degraded`, saying why. */
export async function providerHealth(db: Db): Promise<HealthResponse> {
  const settings = await getSettings(db);
  const status = await q.getRateStatus(db);
  const table = await loadRates(db);
  const reason = degradedReason(settings.ratesProviderUrl, status, table);
  const inUse = table.day ? `using the stored rates of ${table.day}` : 'using the built-in rates';
  return {
    health: reason ? 'degraded' : 'ok',
    provider: hostOf(settings.ratesProviderUrl),
    last_success_at: status?.lastSuccessAt?.toISOString() ?? null,
    source: rateSource(table),
    last_attempt_at: status?.attemptFinishedAt?.toISOString() ?? null,
    as_of: table.day,
    reason: reason ? `${reason}; ${inUse}` : null,
  };
}

/** the demo's 90 days of rate history (server/seed) */
export { seedRateHistory } from './demo-history';
