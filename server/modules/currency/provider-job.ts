import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { startIntervalJob } from '../../platform/interval-job';
import { createSafeFetcher, type TextFetcher } from '../../platform/safe-fetch';
import { getSettings } from '../../platform/settings';
import { ProviderError, parseEcbXml, ratesPerUsd } from './ecb-xml';
import { claimRateFetch, finishRateFetch, getRateStatus, storeRateHistory } from './queries';
import { storeCurrentRates } from '../../platform/exchange-rates';

/** eurofxref-daily.xml is about 2 KB; a history file of a few years still fits */
const MAX_ANSWER_BYTES = 512 * 1024;

export interface RatesJobDeps {
  db: Db;
  fetchText: TextFetcher;
  /** the fetch's whole time limit (the fetcher's own timeout only bounds silence between packets) */
  timeoutMs: number;
  log?: FastifyBaseLogger;
  now?: () => Date;
}

export interface RefreshOptions {
  /** scheduled runs: skip when any process claimed a fetch less than this long ago; 0 = admin's "refresh now" */
  minGapMs?: number;
}

export type RefreshOutcome =
  | { status: 'stored'; day: string }
  | { status: 'failed'; error: string }
  /** another process (or run) is fetching, or fetched too recently */
  | { status: 'skipped' };

/** The fetcher the job uses: SSRF-safe, bounded in time and size. */
export function ratesFetcher(config: AppConfig): TextFetcher {
  return createSafeFetcher({
    allowPrivate: config.allowPrivateNetworks,
    timeoutMs: config.ratesFetchTimeoutMs,
    maxRedirects: 3,
    maxBytes: MAX_ANSWER_BYTES,
  });
}

export function ratesJobDeps(ctx: AppContext, log?: FastifyBaseLogger): RatesJobDeps {
  return { db: ctx.db, fetchText: ratesFetcher(ctx.config), timeoutMs: ctx.config.ratesFetchTimeoutMs, log };
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderError(`no complete answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

async function fetchEcbRates(deps: RatesJobDeps, url: string) {
  let answer;
  try {
    answer = await withDeadline(deps.fetchText(url), deps.timeoutMs);
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    throw new ProviderError(`the provider could not be reached: ${(err as Error).message}`);
  }
  if (answer.status !== 200) throw new ProviderError(`the provider answered HTTP ${answer.status}`);
  const { day, perEur } = parseEcbXml(answer.body);
  const today = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
  if (day > today) throw new ProviderError(`the provider's rates are dated ${day}, after today`);
  return { day, perUsd: ratesPerUsd(perEur) };
}

/**
 * One run of the rates job: fetches the admin's ECB-format provider, cross-computes every currency per
 * USD and stores the day's row set in the history and as the current rates, in one transaction. Any
 * failure keeps the current rates (the last stored ones, else the built-in table) and records why, which
 * /currency/health reports as degraded. At most one process fetches at a time (claimRateFetch).
 */
export async function refreshRates(
  deps: RatesJobDeps,
  { minGapMs = 0 }: RefreshOptions = {},
): Promise<RefreshOutcome> {
  const url = (await getSettings(deps.db)).ratesProviderUrl;
  const leaseMs = deps.timeoutMs * 3 + 30_000;
  if (!(await claimRateFetch(deps.db, { provider: url, leaseMs, minGapMs }))) return { status: 'skipped' };
  try {
    if (!url) throw new ProviderError('no rates provider is configured (rates_provider_url)');
    const { day, perUsd } = await fetchEcbRates(deps, url);
    const source = new URL(url).host;
    await deps.db.transaction(async (tx) => {
      await storeRateHistory(tx, day, perUsd, source);
      await storeCurrentRates(tx, perUsd, source, day);
    });
    await finishRateFetch(deps.db, { error: null });
    deps.log?.info({ day, provider: source }, 'exchange rates updated');
    return { status: 'stored', day };
  } catch (err) {
    const error = err instanceof ProviderError ? err.message : 'the rates could not be stored';
    if (!(err instanceof ProviderError)) deps.log?.error({ err }, 'exchange rate refresh failed');
    else deps.log?.warn({ error }, 'exchange rate provider unusable; keeping the stored rates');
    await finishRateFetch(deps.db, { error }).catch(() => undefined);
    return { status: 'failed', error };
  }
}

/** True when no fetch has succeeded yet today (UTC): the job then runs at start, not an hour later. */
export async function todaysRatesMissing(db: Db, now = new Date()): Promise<boolean> {
  const status = await getRateStatus(db);
  const today = now.toISOString().slice(0, 10);
  return !status?.lastSuccessAt || status.lastSuccessAt.toISOString().slice(0, 10) < today;
}

/**
 * Runs the rates job inside the server: shortly after start when today's rates are missing, then every
 * `ratesRefreshIntervalMs` (0 = off). Several processes share the work through the claim: a scheduled run
 * is skipped when any process claimed a fetch within 90% of the interval.
 */
export function startRatesRefresh(app: FastifyInstance, ctx: AppContext): void {
  const interval = ctx.config.ratesRefreshIntervalMs;
  const deps = ratesJobDeps(ctx, app.log);
  startIntervalJob(app, {
    name: 'exchange rate refresh',
    intervalMs: interval,
    firstDelayMs: 2_000,
    async run(first) {
      if (first && !(await todaysRatesMissing(ctx.db))) return;
      await refreshRates(deps, { minGapMs: Math.floor(interval * 0.9) });
    },
  });
}
