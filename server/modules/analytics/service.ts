import type { Db } from '../../db/connection';
import type { EventBus } from '../../platform/events';
import { isSupportedCurrency, type CurrencyCode } from '../../platform/currency-codes';
import { loadRates, type RateTable } from '../../platform/exchange-rates';
import { getSettings, type SettingsRow } from '../../platform/settings';
import type { UserRow } from '../../platform/current-user';
import type { UserCache } from './cache';
import { toMinorSum } from '../../platform/minor-sum';
import {
  addFigures,
  byCommissionDesc,
  commissionOf,
  convertByKey,
  crOf,
  epcOf,
  feeOf,
  ratesNote,
  zeroFigures,
  type Figures,
} from './figures';
import { statsScopeFor, type StatsScope } from './policy';
import { labelsFor, sumRollups } from './queries';
import { eachDay, previousRange, resolveRange, type DayRange } from './range';
import type { Dashboard, DashboardQuery, Kpis } from './schema';
import { todoFor } from './todo';
import { fraudCounts } from '../fraud/service';

export type DashboardCache = UserCache<Dashboard>;

const TOP_COUNT = 5;

/** The display currency: asked for, else the user's preferred one, else the platform default, else USD. */
export function displayCurrency(
  asked: CurrencyCode | undefined,
  user: UserRow,
  settings: SettingsRow,
): CurrencyCode {
  if (asked) return asked;
  if (user.preferredCurrency && isSupportedCurrency(user.preferredCurrency)) return user.preferredCurrency;
  if (isSupportedCurrency(settings.defaultCurrency)) return settings.defaultCurrency;
  return 'USD';
}

/** The dashboard for `query`, from the cache (per user, range and currency) when it is fresh. */
export async function getDashboard(
  db: Db,
  cache: DashboardCache,
  user: UserRow,
  query: DashboardQuery,
): Promise<Dashboard> {
  const range = resolveRange(query);
  const settings = await getSettings(db);
  const currency = displayCurrency(query.currency, user, settings);
  // the texts (rates note, to-do labels) are in the user's language: a changed language is another entry
  const key = `${range.from}|${range.to}|${currency}|${user.language}`;
  return cache.getOrLoad(user.id, key, user.role === 'admin', () =>
    buildDashboard(db, user, range, currency, settings),
  );
}

async function buildDashboard(
  db: Db,
  user: UserRow,
  range: DayRange,
  currency: CurrencyCode,
  settings: SettingsRow,
): Promise<Dashboard> {
  // the dashboard has no filters: the caller's own scope is never empty
  const scope: StatsScope = statsScopeFor(user) ?? {};
  const previous = previousRange(range);
  const rates = await loadRates(db);
  // one pass over both periods by day: the KPIs are then exactly the sums of the series
  const [days, top, todo, fraud] = await Promise.all([
    sumRollups(db, scope, { from: previous.from, to: range.to }, 'day'),
    topFor(db, user, scope, range, currency, rates),
    todoFor(db, user, settings, rates),
    fraudCounts(db, scope, range),
  ]);
  const byDay = convertByKey(days, currency, rates);
  const current = zeroFigures();
  const before = zeroFigures();
  for (const [day, figures] of byDay) addFigures(day >= range.from ? current : before, figures);
  const feeBps = user.role === 'publisher' ? 0 : settings.platformFeeBps;
  return {
    role: user.role,
    from: range.from,
    to: range.to,
    currency,
    rates_note: ratesNote(currency, rates, user.language),
    kpis: toKpis(current, feeBps),
    previous: toKpis(before, feeBps),
    series: eachDay(range).map((date) => {
      const f = byDay.get(date) ?? zeroFigures();
      return {
        date,
        clicks: f.clicks,
        unique_clicks: f.uniqueClicks,
        conversions: f.conversions,
        revenue_minor: toMinorSum(f.revenueMinor),
        commission_minor: toMinorSum(commissionOf(f)),
      };
    }),
    top,
    todo,
    fraud,
  };
}

function toKpis(f: Figures, feeBps: number): Kpis {
  const commission = commissionOf(f);
  return {
    clicks: f.clicks,
    unique_clicks: f.uniqueClicks,
    conversions: f.conversions,
    cr: crOf(f),
    revenue_minor: toMinorSum(f.revenueMinor),
    commission_minor: toMinorSum(commission),
    epc_minor: epcOf(f),
    pending_minor: toMinorSum(f.pendingMinor),
    approved_minor: toMinorSum(f.approvedMinor),
    paid_minor: toMinorSum(f.paidMinor),
    fee_minor: feeOf(commission, feeBps),
  };
}

/** Advertisers see their best publishers; publishers and admins the best campaigns (by commission). */
async function topFor(
  db: Db,
  user: UserRow,
  scope: StatsScope,
  range: DayRange,
  currency: CurrencyCode,
  rates: RateTable,
): Promise<Dashboard['top']> {
  const group = user.role === 'advertiser' ? 'publisher' : 'campaign';
  const byKey = convertByKey(await sumRollups(db, scope, range, group), currency, rates);
  const best = [...byKey]
    .map(([id, f]) => ({ id, f, commission: commissionOf(f) }))
    .sort((a, b) => byCommissionDesc(a.f, b.f) || b.f.clicks - a.f.clicks || a.id.localeCompare(b.id))
    .slice(0, TOP_COUNT);
  const labels = await labelsFor(
    db,
    group,
    best.map((b) => b.id),
  );
  return best.map(({ id, f, commission }) => ({
    id,
    label: labels.get(id) ?? '(deleted)',
    clicks: f.clicks,
    conversions: f.conversions,
    revenue_minor: toMinorSum(f.revenueMinor),
    commission_minor: toMinorSum(commission),
  }));
}

/**
 * Keeps the dashboard cache honest: a click, conversion or commission change makes both parties'
 * dashboards (and the admins', which cover everyone) stale; campaign, application, user and settings changes
 * move the figures, to-do counts and labels of people the event does not name, so they clear the cache
 * (rare events).
 * Returns the unsubscribe.
 */
export function invalidateOnChanges(events: EventBus, cache: DashboardCache): () => void {
  const offs = [
    events.on('stats.changed', ({ advertiserId, publisherId }) => cache.changed([advertiserId, publisherId])),
    events.on('campaign.changed', () => cache.clear()),
    events.on('application.changed', () => cache.clear()),
    events.on('user.changed', () => cache.clear()),
    // the fee, the payout minimum and the default currency shape everyone's figures and to-dos
    events.on('settings.changed', () => cache.clear()),
    events.on('cluster.resync', () => cache.clear()),
  ];
  return () => offs.forEach((off) => off());
}

// For reports, which sums the same rollups over a date range with the same scope and currency rules.
export {
  addFigures,
  byCommissionDesc,
  commissionOf,
  convertByKey,
  crOf,
  epcOf,
  ratesNote,
  zeroFigures,
  type Figures,
} from './figures';
export { statsScopeFor, type StatsScope } from './policy';
export { labelsFor, sumRollups, type CurrencySums } from './queries';
export { resolveRange, type DayRange } from './range';
