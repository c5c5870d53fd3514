import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exchangeRateHistory, exchangeRateStatus, exchangeRates } from '../../server/db/schema/currency';
import { createSafeFetcher } from '../../server/platform/safe-fetch';
import {
  ratesFetcher,
  refreshRates,
  startRatesRefresh,
  todaysRatesMissing,
  type RatesJobDeps,
} from '../../server/modules/currency/provider-job';
import { loadRates } from '../../server/platform/exchange-rates';
import { updateSettings } from '../../server/platform/settings';
import { testConfig } from '../../server/config';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

const FIXTURE = readFileSync(new URL('./fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');
const FIXTURE_DAY = '2025-01-15';
const today = () => new Date().toISOString().slice(0, 10);
const TIMEOUT_MS = 300;

/** A local provider: each path is one behaviour, good or broken. */
let provider: http.Server;
let base: string;
const hits = new Map<string, number>();

function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const path = req.url ?? '/';
  hits.set(path, (hits.get(path) ?? 0) + 1);
  const xml = (body: string) => res.writeHead(200, { 'content-type': 'text/xml' }).end(body);
  switch (path) {
    case '/today.xml':
      return xml(FIXTURE.replace(FIXTURE_DAY, today()));
    case '/fixture.xml':
      return xml(FIXTURE);
    case '/slow-today.xml':
      return setTimeout(() => xml(FIXTURE.replace(FIXTURE_DAY, today())), 100);
    case '/html':
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!DOCTYPE html><html><body><h1>Rates</h1></body></html>');
    case '/error':
      return res.writeHead(500).end('oops');
    case '/missing.xml':
      return xml(FIXTURE.replace(FIXTURE_DAY, today()).replace(/\s*<Cube currency='BRL'[^>]*>/, ''));
    case '/hang':
      return; // never answers
    default:
      return res.writeHead(404).end();
  }
}

let t: TestApp;
let deps: RatesJobDeps;
let adminToken: string;

async function useProvider(path: string | null) {
  await updateSettings(t.database.db, { ratesProviderUrl: path === null ? null : `${base}${path}` });
}

const historyOf = (day: string) =>
  t.database.db.select().from(exchangeRateHistory).where(eq(exchangeRateHistory.day, day));
const health = async () => (await call(t, 'GET', '/api/currency/health')).json();

/** 2·|stored·usd − dkk| ≤ usd in units of 10^-12: `stored` is dkk/usd rounded to the nearest 12th decimal. */
function isNearestTwelfthDecimal(stored: string, perEur: string, usdPerEur: string): boolean {
  const scaled = (text: string, places: number) => {
    const [whole, frac = ''] = text.split('.');
    return BigInt(whole + frac.padEnd(places, '0').slice(0, places));
  };
  const s = scaled(stored, 12); // × 10^12
  const c = scaled(perEur, 6); // × 10^6
  const u = scaled(usdPerEur, 6); // × 10^6
  const diff = s * u - c * 10n ** 12n; // (stored·usd − c) × 10^18
  return 2n * (diff < 0n ? -diff : diff) <= u;
}

beforeAll(async () => {
  provider = http.createServer(answer);
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  t = await createTestApp({ allowPrivateNetworks: true, ratesFetchTimeoutMs: TIMEOUT_MS });
  deps = {
    db: t.database.db,
    fetchText: ratesFetcher(testConfig({ allowPrivateNetworks: true })),
    timeoutMs: TIMEOUT_MS,
  };
  const admin = await createUser(t, { role: 'admin' });
  adminToken = await login(t, admin.email, admin.password);
});
afterAll(async () => {
  await t?.close();
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});
afterEach(() => hits.clear());

describe('before any successful fetch', () => {
  it.each([
    ['/html', /HTML page instead of ECB XML/],
    ['/error', /HTTP 500/],
    ['/missing.xml', /no rate for BRL/],
    ['/hang', /within 300 ms/],
    ['/nothing-here', /HTTP 404/],
  ])('a provider answering %s leaves the built-in rates and says degraded', async (path, reason) => {
    await useProvider(path);
    const started = Date.now();
    const outcome = await refreshRates(deps);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(outcome).toEqual({ status: 'failed', error: expect.stringMatching(reason) });
    const rates = await loadRates(t.database.db);
    expect(rates.source).toBe('built-in');
    expect(rates.perUsd('EUR')).toEqual({ num: 85n, den: 100n });
    const body = await health();
    expect(body).toMatchObject({
      health: 'degraded',
      source: 'fallback',
      last_success_at: null,
      as_of: null,
    });
    expect(body.reason).toMatch(reason);
    expect(body.reason).toMatch(/using the built-in rates$/);
    expect(await historyOf(today())).toEqual([]);
  });

  it('refuses a private address unless private networks are allowed (SSRF)', async () => {
    await useProvider('/today.xml');
    const outcome = await refreshRates({ ...deps, fetchText: createSafeFetcher({ allowPrivate: false }) });
    expect(outcome).toEqual({ status: 'failed', error: expect.stringMatching(/not a public address/) });
    expect(hits.get('/today.xml')).toBeUndefined();
  });

  it('says degraded when no provider is configured', async () => {
    await useProvider(null);
    expect(await refreshRates(deps)).toEqual({
      status: 'failed',
      error: expect.stringMatching(/no rates provider/),
    });
    expect(await todaysRatesMissing(t.database.db)).toBe(true);
  });
});

describe('a working provider', () => {
  it("stores today's row set, cross-computed per USD exactly, and makes it the current rates", async () => {
    await useProvider('/today.xml');
    expect(await refreshRates(deps)).toEqual({ status: 'stored', day: today() });
    const rows = await historyOf(today());
    expect(rows).toHaveLength(15);
    const perUsd = Object.fromEntries(rows.map((r) => [r.currency, r.perUsd]));
    expect(perUsd.USD).toBe('1');
    // DKK per USD = DKK/EUR ÷ USD/EUR = 7.4604 / 1.0812, to 12 decimals
    expect(perUsd.DKK).toBe('6.900110987791');
    expect(perUsd.EUR).toBe('0.924898261191');
    expect(perUsd.JPY).toBe('149.713281539031');
    expect(isNearestTwelfthDecimal(perUsd.DKK!, '7.4604', '1.0812')).toBe(true);
    expect(isNearestTwelfthDecimal(perUsd.GBP!, '0.8546', '1.0812')).toBe(true);
    expect(isNearestTwelfthDecimal(perUsd.ZAR!, '19.5876', '1.0812')).toBe(true);
    expect(rows.every((r) => r.source === new URL(base).host)).toBe(true);

    const current = await t.database.db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'DKK'));
    expect(current[0]).toMatchObject({ perUsd: '6.900110987791', day: today() });
    // conversions cite the provider and the day of its rates
    expect((await loadRates(t.database.db)).source).toBe(`${new URL(base).host} ${today()}`);

    const body = await health();
    expect(body).toMatchObject({
      health: 'ok',
      provider: new URL(base).host,
      source: 'provider',
      as_of: today(),
      reason: null,
    });
    expect(Date.now() - Date.parse(body.last_success_at)).toBeLessThan(60_000);
    expect(await todaysRatesMissing(t.database.db)).toBe(false);

    const rates = (
      await call(t, 'GET', '/api/currency/rates?source_currency=EUR', { token: adminToken })
    ).json();
    expect(rates).toMatchObject({ source: 'provider', as_of: today() });
    expect(rates.rates).toMatchObject({ EUR: 1, USD: 1.0812, DKK: 7.4604, JPY: 161.87, ZAR: 19.5876 });
    const converted = await call(
      t,
      'GET',
      '/api/currency/convert?amount=100&from_currency=EUR&to_currency=DKK',
      {
        token: adminToken,
      },
    );
    expect(converted.json().converted_amount).toBe(746.04);
  });

  it("stores the rates under the provider's own day", async () => {
    await useProvider('/fixture.xml');
    expect(await refreshRates(deps)).toEqual({ status: 'stored', day: FIXTURE_DAY });
    expect(await historyOf(FIXTURE_DAY)).toHaveLength(15);
    const historical = await call(
      t,
      'GET',
      `/api/currency/historical/EUR/DKK?from_date=${FIXTURE_DAY}&to_date=2025-01-16`,
      { token: adminToken },
    );
    expect(historical.json().rates).toEqual([
      { date: FIXTURE_DAY, rate: 7.4604 },
      { date: '2025-01-16', rate: 7.4604 },
    ]);
    await useProvider('/today.xml');
    await refreshRates(deps);
  });

  it.each([
    ['/html', /HTML page instead of ECB XML/],
    ['/error', /HTTP 500/],
    ['/hang', /within 300 ms/],
  ])('then broken (%s): keeps the last stored rates and says degraded', async (path, reason) => {
    await useProvider(path);
    expect((await refreshRates(deps)).status).toBe('failed');
    const rates = await loadRates(t.database.db);
    expect(rates.day).toBe(today());
    expect(rates.perUsd('DKK')).toEqual({ num: 6900110987791n, den: 10n ** 12n });
    const body = await health();
    expect(body).toMatchObject({ health: 'degraded', source: 'provider', as_of: today() });
    expect(body.last_success_at).toEqual(expect.any(String));
    expect(body.reason).toMatch(reason);
    expect(body.reason).toMatch(new RegExp(`using the stored rates of ${today()}$`));
    expect(await historyOf(today())).toHaveLength(15);
  });

  it('refreshes through the admin call, which answers the health', async () => {
    await useProvider('/today.xml');
    const res = await call(t, 'POST', '/api/admin/currency/refresh', { token: adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ health: 'ok', source: 'provider', reason: null });
    expect(hits.get('/today.xml')).toBe(1);
  });
});

describe('several runs at once', () => {
  it('two concurrent runs fetch once and store one row set', async () => {
    await t.database.db.delete(exchangeRateHistory).where(eq(exchangeRateHistory.day, today()));
    await useProvider('/slow-today.xml');
    const outcomes = await Promise.all([refreshRates(deps), refreshRates(deps)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['skipped', 'stored']);
    expect(hits.get('/slow-today.xml')).toBe(1);
    expect(await historyOf(today())).toHaveLength(15);
  });

  it('a scheduled run is skipped when any process claimed a fetch within the gap', async () => {
    await useProvider('/today.xml');
    expect(await refreshRates(deps)).toMatchObject({ status: 'stored' });
    expect(await refreshRates(deps, { minGapMs: 60_000 })).toEqual({ status: 'skipped' });
    expect(hits.get('/today.xml')).toBe(1);
  });

  it('a claim left unfinished by a crashed process expires after its lease', async () => {
    await useProvider('/today.xml');
    const claim = (ago: string) =>
      t.database.db
        .update(exchangeRateStatus)
        .set({
          attemptStartedAt: sql`now() - ${ago}::interval`,
          attemptFinishedAt: sql`now() - interval '1 hour'`,
        })
        .where(eq(exchangeRateStatus.id, 1));
    await claim('1 second');
    expect(await refreshRates(deps)).toEqual({ status: 'skipped' });
    await claim('10 minutes');
    expect(await refreshRates(deps)).toMatchObject({ status: 'stored' });
  });
});

describe('the scheduled job', () => {
  it("runs at start when today's rates are missing", async () => {
    const other = await createTestApp({
      allowPrivateNetworks: true,
      ratesFetchTimeoutMs: TIMEOUT_MS,
      ratesRefreshIntervalMs: 60 * 60_000,
    });
    try {
      await updateSettings(other.database.db, { ratesProviderUrl: `${base}/today.xml` });
      let stored: unknown[] = [];
      for (let i = 0; i < 100 && stored.length < 15; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        stored = await other.database.db
          .select()
          .from(exchangeRateHistory)
          .where(eq(exchangeRateHistory.day, today()));
      }
      expect(stored).toHaveLength(15);
      expect(await todaysRatesMissing(other.database.db)).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('is off with an interval of 0', () => {
    const hooks: string[] = [];
    const app = { addHook: (name: string) => hooks.push(name) } as unknown as Parameters<
      typeof startRatesRefresh
    >[0];
    startRatesRefresh(app, { config: testConfig() } as Parameters<typeof startRatesRefresh>[1]);
    expect(hooks).toEqual([]);
  });
});
