import type { Db } from '../../db/connection';
import { csvLine } from '../../platform/csv';
import { toMinorSum, type MinorSum } from '../../platform/minor-sum';
import {
  addFigures,
  byCommissionDesc,
  commissionOf,
  convertByKey,
  crOf,
  epcOf,
  ratesNote,
  zeroFigures,
  type Figures,
  statsScopeFor,
  type StatsScope,
  labelsFor,
  sumRollups,
  type CurrencySums,
  resolveRange,
  type DayRange,
  displayCurrency,
} from '../analytics/service';
import { CURRENCY_DECIMALS, type CurrencyCode } from '../../platform/currency-codes';
import { loadRates } from '../../platform/exchange-rates';
import { getSettings } from '../../platform/settings';
import { translator } from '../../platform/i18n';
import type { UserRow } from '../../platform/current-user';
import { clicksKeptFrom } from '../../db/partitions';
import { sumBySubId, type RawSubKey } from './queries';
import { couponLabels, sumByCoupon } from './coupon-sums';
import { cappedByKey } from './capped-counts';
import { fraudCounts } from '../fraud/service';
import type { Report, ReportGroup, ReportQuery, ReportRow, ReportTotals } from './schema';

const TIME_GROUPS: readonly ReportGroup[] = ['day', 'week', 'month'];

/** Sums per group key and currency: from the daily rollup, or the raw tables for sub2..sub5. */
function sumsFor(db: Db, group: ReportGroup, scope: StatsScope, range: DayRange): Promise<CurrencySums[]> {
  if (group === 'sub2' || group === 'sub3' || group === 'sub4' || group === 'sub5') {
    return sumsBySubIdKept(db, group, scope, range);
  }
  if (group === 'coupon') return sumByCoupon(db, scope, range);
  return sumRollups(db, scope, range, group);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * sub2..sub5 from the raw tables, but the days whose clicks the click retention dropped count their clicks
 * from the daily rollup, under no sub-id (the rollup keeps no sub2..sub5): the totals stay exact.
 */
async function sumsBySubIdKept(
  db: Db,
  sub: RawSubKey,
  scope: StatsScope,
  range: DayRange,
): Promise<CurrencySums[]> {
  const keptFrom = await clicksKeptFrom(db);
  const firstKeptDay = keptFrom?.toISOString().slice(0, 10);
  if (!keptFrom || !firstKeptDay || firstKeptDay <= range.from) return sumBySubId(db, sub, scope, range);
  const lastDroppedDay = new Date(keptFrom.getTime() - DAY_MS).toISOString().slice(0, 10);
  const dropped = { from: range.from, to: lastDroppedDay < range.to ? lastDroppedDay : range.to };
  const [sums, rolledUp] = await Promise.all([
    sumBySubId(db, sub, scope, range, keptFrom),
    sumRollups(db, scope, dropped, 'none'),
  ]);
  for (const r of rolledUp) {
    let none = sums.find((s) => s.key === '' && s.currency === r.currency);
    if (!none) {
      none = { key: '', currency: r.currency, ...zeroFigures() };
      sums.push(none);
    }
    none.clicks += r.clicks;
    none.uniqueClicks += r.uniqueClicks;
  }
  return sums;
}

/** Each row's name, the placeholders ("(none)", "(ingen)") in the reader's language. */
async function labelsOf(
  db: Db,
  group: ReportGroup,
  keys: string[],
  language: unknown,
): Promise<(key: string) => string> {
  const t = translator(language);
  if (group === 'campaign' || group === 'publisher' || group === 'website') {
    const labels = await labelsFor(db, group, keys);
    return (key) => labels.get(key) ?? t('stats:report.deleted');
  }
  if (group === 'coupon') {
    const codes = await couponLabels(db, keys);
    return (key) => codes.get(key) ?? t('stats:report.none');
  }
  if (group === 'week') return (key) => t('stats:report.weekOf', { day: key });
  if (group === 'country') return (key) => key || t('stats:report.unknown');
  if (group === 'day' || group === 'month') return (key) => key;
  return (key) => key || t('stats:report.none');
}

function toFigures(f: Figures, currency: CurrencyCode, capped: number): ReportTotals {
  return {
    clicks: f.clicks,
    unique_clicks: f.uniqueClicks,
    conversions: f.conversions,
    revenue_minor: toMinorSum(f.revenueMinor),
    commission_minor: toMinorSum(commissionOf(f)),
    currency,
    cr: crOf(f),
    epc_minor: epcOf(f),
    capped,
  };
}

/**
 * The report for `query` in the caller's scope (statsScopeFor): rows per group, money converted to the
 * display currency row by row (see addConverted for the rounding), totals the sums of the rows.
 */
export async function buildReport(db: Db, user: UserRow, query: ReportQuery): Promise<Report> {
  const range = resolveRange(query);
  const [settings, rates] = await Promise.all([getSettings(db), loadRates(db)]);
  const currency = displayCurrency(query.currency, user, settings);
  const scope = statsScopeFor(user, { campaignId: query.campaign_id, publisherId: query.publisher_id });
  const group = query.group_by;
  const [sums, capped, fraud] = scope
    ? await Promise.all([
        sumsFor(db, group, scope, range),
        cappedByKey(db, group, scope, range),
        fraudCounts(db, scope, range),
      ])
    : [[], new Map<string, number>(), { held: 0, rejected_for_fraud: 0 }];
  const byKey = convertByKey(sums, currency, rates);
  // a capped conversion is a conversion too, so its key has a row; but never drop a count
  for (const key of capped.keys()) if (!byKey.has(key)) byKey.set(key, zeroFigures());
  const label = await labelsOf(db, group, [...byKey.keys()], user.language);

  const sorted = [...byKey].sort(([keyA, a], [keyB, b]) =>
    TIME_GROUPS.includes(group)
      ? keyA.localeCompare(keyB)
      : byCommissionDesc(a, b) || keyA.localeCompare(keyB),
  );
  const all = zeroFigures();
  let allCapped = 0;
  const rows: ReportRow[] = sorted.map(([key, f]) => {
    addFigures(all, f);
    allCapped += capped.get(key) ?? 0;
    return { key, label: label(key), ...toFigures(f, currency, capped.get(key) ?? 0) };
  });
  return {
    fraud,
    from: range.from,
    to: range.to,
    currency,
    group_by: group,
    rates_note: ratesNote(currency, rates, user.language),
    rows,
    totals: toFigures(all, currency, allCapped),
  };
}

export const CSV_HEADER = [
  'key',
  'label',
  'clicks',
  'unique_clicks',
  'conversions',
  'revenue',
  'commission',
  'currency',
  'cr',
  'epc',
  'capped',
  'held',
  'rejected_for_fraud',
] as const;

/** Minor units as a major-unit decimal: 1250 USD → "12.50", -5 EUR → "-0.05", 1500 JPY → "1500". */
export function toMajor(minor: MinorSum, currency: CurrencyCode): string {
  const exact = BigInt(minor);
  const decimals = CURRENCY_DECIMALS[currency];
  const sign = exact < 0n ? '-' : '';
  const abs = exact < 0n ? -exact : exact;
  if (decimals === 0) return `${sign}${abs}`;
  const scale = 10n ** BigInt(decimals);
  return `${sign}${abs / scale}.${(abs % scale).toString().padStart(decimals, '0')}`;
}

/** cr with 4 decimals is plenty for a spreadsheet (0.1234 = 12.34 %). */
const crText = (cr: number) => String(Math.round(cr * 10_000) / 10_000);

function csvCells(key: string, label: string, f: ReportTotals) {
  return [
    key,
    label,
    f.clicks,
    f.unique_clicks,
    f.conversions,
    toMajor(f.revenue_minor, f.currency),
    toMajor(f.commission_minor, f.currency),
    f.currency,
    crText(f.cr),
    toMajor(f.epc_minor, f.currency),
    f.capped,
  ];
}

/**
 * The report as CSV lines: header, one line per row, a final `total` line; formula-safe cells. `held` and
 * `rejected_for_fraud` are the report's `fraud` counts, as in the JSON: on the total line only, the rows
 * leave them empty (the report does not break them down by group).
 */
export function* reportCsvLines(report: Report): Generator<string> {
  yield csvLine(CSV_HEADER);
  for (const row of report.rows) yield csvLine([...csvCells(row.key, row.label, row), '', '']);
  const { held, rejected_for_fraud } = report.fraud;
  yield csvLine([...csvCells('total', 'Total', report.totals), held, rejected_for_fraud]);
}

export const csvFilename = (report: Report) =>
  `affilio-report-${report.group_by}-${report.from}-${report.to}.csv`;
