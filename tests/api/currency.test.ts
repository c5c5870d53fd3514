import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeRateHistory } from '../../server/db/schema/currency';
import { seedRateHistory } from '../../server/modules/currency/demo-history';
import { FALLBACK_RATES_PER_USD } from '../../server/platform/exchange-rates';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

let t: TestApp;
let token: string;
let adminToken: string;
let publisherToken: string;

const get = (url: string, who: string | null = token) => call(t, 'GET', url, who ? { token: who } : {});
const batch = (payload: unknown) =>
  call(t, 'POST', '/api/currency/batch-convert', {
    token,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
const convert = (query: string) => get(`/api/currency/convert?${query}`);

async function tokenFor(role: 'advertiser' | 'publisher' | 'admin') {
  const user = await createUser(t, { role });
  return login(t, user.email, user.password);
}

beforeAll(async () => {
  t = await createTestApp();
  token = await tokenFor('advertiser');
  adminToken = await tokenFor('admin');
  publisherToken = await tokenFor('publisher');
});
afterAll(() => t?.close());

describe('who may call', () => {
  it.each([
    ['GET', '/api/currency/rates'],
    ['GET', '/api/currency/rate/EUR/DKK'],
    ['GET', '/api/currency/convert?amount=1&from_currency=EUR&to_currency=DKK'],
    ['POST', '/api/currency/batch-convert'],
    ['GET', '/api/currency/historical/EUR/DKK'],
    ['POST', '/api/admin/currency/refresh'],
  ])('%s %s needs a signed-in user', async (method, url) => {
    const res = await call(t, method as 'GET' | 'POST', url, { payload: method === 'POST' ? [] : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toEqual(expect.any(String));
  });

  it('answers supported and health anonymously, and declares them without security in OpenAPI', async () => {
    expect((await get('/api/currency/supported', null)).statusCode).toBe(200);
    expect((await get('/api/currency/health', null)).statusCode).toBe(200);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/currency/supported'].get.security).toEqual([]);
    expect(doc.paths['/api/currency/health'].get.security).toEqual([]);
    expect(doc.paths['/api/currency/rates'].get.security).toBeUndefined();
  });

  it('lets only admins refresh the rates', async () => {
    const res = await call(t, 'POST', '/api/admin/currency/refresh', { token: publisherToken });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/currency/supported', () => {
  it('lists the 15 currencies of the spec with name, decimals and symbol', async () => {
    const res = await get('/api/currency/supported', null);
    const { currencies } = res.json();
    expect(currencies.map((c: { code: string }) => c.code)).toEqual([
      'USD',
      'EUR',
      'DKK',
      'SEK',
      'NOK',
      'GBP',
      'JPY',
      'CAD',
      'AUD',
      'CHF',
      'CNY',
      'INR',
      'BRL',
      'MXN',
      'ZAR',
    ]);
    expect(currencies[2]).toEqual({ code: 'DKK', name: 'Danish Krone', decimals: 2, symbol: 'kr.' });
    expect(currencies[6]).toMatchObject({ code: 'JPY', decimals: 0, symbol: '¥' });
    expect(res.headers['cache-control']).toBe('private, max-age=300');
  });
});

describe('GET /api/currency/rates', () => {
  it('answers the built-in rates per USD by default, cached 5 minutes', async () => {
    const res = await get('/api/currency/rates');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, source_currency: 'USD', as_of: null, source: 'fallback' });
    expect(body.rates).toEqual(
      Object.fromEntries(Object.entries(FALLBACK_RATES_PER_USD).map(([code, rate]) => [code, Number(rate)])),
    );
    expect(res.headers['cache-control']).toBe('private, max-age=300');
  });

  it('cross-computes the rates for another source currency (10 significant digits)', async () => {
    const { rates, source_currency } = (await get('/api/currency/rates?source_currency=EUR')).json();
    expect(source_currency).toBe('EUR');
    expect(rates.EUR).toBe(1);
    expect(rates.USD).toBe(1.176470588); // 1 / 0.85
    expect(rates.DKK).toBe(7.647058824); // 6.5 / 0.85
    expect(rates.JPY).toBe(129.4117647); // 110 / 0.85
  });

  it.each(['XXX', 'usd', 'US', 'a'.repeat(300)])('refuses source_currency=%s with 422', async (code) => {
    const res = await get(`/api/currency/rates?source_currency=${code}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/source_currency must be a supported currency code/);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/currency/rate/{from}/{to}', () => {
  it('answers the rate of a pair', async () => {
    const res = await get('/api/currency/rate/JPY/USD');
    expect(res.json()).toEqual({ from: 'JPY', to: 'USD', rate: 0.009090909091, as_of: null });
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect((await get('/api/currency/rate/DKK/DKK')).json().rate).toBe(1);
  });

  it('refuses unsupported or malformed codes', async () => {
    for (const url of [
      '/api/currency/rate/EUR/XYZ',
      '/api/currency/rate/eur/DKK',
      '/api/currency/rate/1/2',
    ]) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 422]);
      expect(res.json().detail).toMatch(/must be a supported currency code/);
    }
  });
});

describe('GET /api/currency/convert', () => {
  it('converts exactly through minor units, in major units in and out', async () => {
    const res = await convert('amount=15&from_currency=EUR&to_currency=DKK');
    expect(res.statusCode).toBe(200);
    // 15 × 6.5 / 0.85 = 114.70588… → 114.71
    expect(res.json()).toEqual({
      amount: 15,
      from_currency: 'EUR',
      to_currency: 'DKK',
      converted_amount: 114.71,
      rate: 7.647058824,
    });
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    // 0.17 / 0.85 = 0.2 exactly
    expect((await convert('amount=0.17&from_currency=EUR&to_currency=USD')).json().converted_amount).toBe(
      0.2,
    );
  });

  it('rounds halves away from zero, JPY to whole yen', async () => {
    // 0.05 USD = 5.5 JPY
    expect((await convert('amount=0.05&from_currency=USD&to_currency=JPY')).json().converted_amount).toBe(6);
    expect((await convert('amount=-0.05&from_currency=USD&to_currency=JPY')).json().converted_amount).toBe(
      -6,
    );
    // 1000 JPY = 9.0909… USD
    expect((await convert('amount=1000&from_currency=JPY&to_currency=USD')).json().converted_amount).toBe(
      9.09,
    );
  });

  it('returns 0, and amounts between identical currencies, unchanged', async () => {
    expect((await convert('amount=0&from_currency=EUR&to_currency=JPY')).json().converted_amount).toBe(0);
    const same = (await convert('amount=19.99&from_currency=DKK&to_currency=DKK')).json();
    expect(same).toMatchObject({ amount: 19.99, converted_amount: 19.99, rate: 1 });
  });

  const usdToEur = 'from_currency=USD&to_currency=EUR';
  it.each([
    [`amount=abc&${usdToEur}`, /amount: amount must be a .*decimal/],
    [`amount=NaN&${usdToEur}`, /amount: /],
    [`amount=Infinity&${usdToEur}`, /amount: /],
    [`amount=-Infinity&${usdToEur}`, /amount: /],
    [`amount=1e5&${usdToEur}`, /amount: /],
    [`amount=&${usdToEur}`, /amount: /],
    [`amount=1.234&${usdToEur}`, /more than 2 decimals for USD/],
    [`amount=99999999999999999999&${usdToEur}`, /too large/],
    ['amount=1.5&from_currency=JPY&to_currency=EUR', /JPY has no minor unit/],
    ['amount=1&from_currency=XXX&to_currency=EUR', /from_currency must be a supported currency code/],
    ['amount=1&from_currency=USD&to_currency=eur', /to_currency must be a supported currency code/],
    [`amount=${'9'.repeat(41)}&${usdToEur}`, /amount is too long/],
  ])('refuses %s with 422 {detail}', async (query, detail) => {
    const res = await convert(query);
    expect([query, res.statusCode]).toEqual([query, 422]);
    expect(res.json().detail).toMatch(detail);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a request without amount', async () => {
    const res = await convert('from_currency=USD&to_currency=EUR');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/amount/);
  });
});

describe('POST /api/currency/batch-convert', () => {
  const items = [
    { amount: '15', from_currency: 'EUR', to_currency: 'DKK' },
    { amount: 0.05, from_currency: 'USD', to_currency: 'JPY' },
    { amount: 0, from_currency: 'GBP', to_currency: 'ZAR' },
    { amount: '12.50', from_currency: 'SEK', to_currency: 'SEK' },
  ];
  const expected = [
    { amount: 15, from_currency: 'EUR', to_currency: 'DKK', converted_amount: 114.71, rate: 7.647058824 },
    { amount: 0.05, from_currency: 'USD', to_currency: 'JPY', converted_amount: 6, rate: 110 },
    { amount: 0, from_currency: 'GBP', to_currency: 'ZAR', converted_amount: 0, rate: 20.2739726 },
    { amount: 12.5, from_currency: 'SEK', to_currency: 'SEK', converted_amount: 12.5, rate: 1 },
  ];

  it('converts { conversions: [...] } in order', async () => {
    const res = await batch({ conversions: items });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: expected });
  });

  it('accepts the bare array, and an empty one', async () => {
    expect((await batch(items)).json()).toEqual({ results: expected });
    expect((await batch([])).json()).toEqual({ results: [] });
  });

  it('takes at most 100 conversions', async () => {
    const many = Array.from({ length: 100 }, () => items[0]);
    expect((await batch(many)).json().results).toHaveLength(100);
    const res = await batch({ conversions: [...many, items[0]] });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/at most 100 conversions/);
  });

  it.each([
    [[items[0], { ...items[0], amount: 'abc' }], /^conversions\.1\.amount: /],
    [[{ ...items[0], amount: '1.234' }], /^conversions\.0\.amount: .*more than 2 decimals/],
    [[{ ...items[0], amount: true }], /^conversions\.0\.amount: /],
    [[{ ...items[0], amount: 1e308 }], /^conversions\.0\.amount: /],
    [[{ ...items[0], from_currency: 'XXX' }], /conversions\.0\.from_currency: .*supported currency code/],
    [[{ amount: '1', from_currency: 'USD' }], /conversions\.0\.to_currency/],
    [{ conversions: 'nope' }, /conversions must be an array/],
    [{ items: [items[0]] }, /conversions must be an array/],
    [42, /send \{ "conversions": \[\.\.\.\] \} or an array/],
  ])('refuses %j with 422 naming the item', async (payload, detail) => {
    const res = await batch(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(detail);
  });
});

describe('GET /api/currency/historical/{from}/{to}', () => {
  beforeAll(async () => {
    // EUR→DKK: 7.5 on Mon 6 Jan 2025, 8 on the 7th, nothing on the 8th, only DKK on the 9th, 10 on the 10th
    const day = (d: string, eur: string | null, dkk: string) => [
      ...(eur ? [{ day: d, currency: 'EUR', perUsd: eur, source: 'test' }] : []),
      { day: d, currency: 'DKK', perUsd: dkk, source: 'test' },
      { day: d, currency: 'USD', perUsd: '1', source: 'test' },
    ];
    await t.database.db
      .insert(exchangeRateHistory)
      .values([
        ...day('2025-01-06', '0.8', '6'),
        ...day('2025-01-07', '0.8', '6.4'),
        ...day('2025-01-09', null, '7'),
        ...day('2025-01-10', '0.5', '5'),
      ]);
  });
  const historical = (query: string, pair = 'EUR/DKK') => get(`/api/currency/historical/${pair}?${query}`);

  it('answers the daily rates, carrying a day without rates forward and leaving out days before any', async () => {
    const res = await historical('from_date=2025-01-05&to_date=2025-01-12&group=day');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      from: 'EUR',
      to: 'DKK',
      group: 'day',
      from_date: '2025-01-05',
      to_date: '2025-01-12',
      rates: [
        { date: '2025-01-06', rate: 7.5 },
        { date: '2025-01-07', rate: 8 },
        { date: '2025-01-08', rate: 8 },
        { date: '2025-01-09', rate: 8 },
        { date: '2025-01-10', rate: 10 },
        { date: '2025-01-11', rate: 10 },
        { date: '2025-01-12', rate: 10 },
      ],
    });
    expect(res.headers['cache-control']).toBe('private, max-age=300');
  });

  it('carries the last stored day before the range into it', async () => {
    const { rates } = (await historical('from_date=2025-01-08&to_date=2025-01-09')).json();
    expect(rates).toEqual([
      { date: '2025-01-08', rate: 8 },
      { date: '2025-01-09', rate: 8 },
    ]);
  });

  it('averages weeks (from Monday) and months, dated by their first day', async () => {
    // (7.5 + 8 + 8 + 8 + 10 + 10 + 10) / 7
    const week = (await historical('from_date=2025-01-05&to_date=2025-01-12&group=week')).json();
    expect(week.rates).toEqual([{ date: '2025-01-06', rate: 8.785714286 }]);
    const month = (await historical('from_date=2025-01-01&to_date=2025-01-12&group=month')).json();
    expect(month.rates).toEqual([{ date: '2025-01-01', rate: 8.785714286 }]);
    const reversed = (await historical('from_date=2025-01-06&to_date=2025-01-07', 'DKK/EUR')).json();
    expect(reversed.rates).toEqual([
      { date: '2025-01-06', rate: 0.1333333333 },
      { date: '2025-01-07', rate: 0.125 },
    ]);
  });

  it('answers 1 for every day of an identical pair', async () => {
    const { rates } = (await historical('from_date=2024-01-01&to_date=2024-01-03', 'JPY/JPY')).json();
    expect(rates).toEqual([
      { date: '2024-01-01', rate: 1 },
      { date: '2024-01-02', rate: 1 },
      { date: '2024-01-03', rate: 1 },
    ]);
  });

  it('defaults to the 30 days up to today', async () => {
    const body = (await historical('')).json();
    const today = new Date().toISOString().slice(0, 10);
    expect(body.to_date).toBe(today);
    expect(Date.parse(body.to_date) - Date.parse(body.from_date)).toBe(29 * 86_400_000);
  });

  it('covers at most 366 days', async () => {
    expect((await historical('from_date=2024-01-01&to_date=2024-12-31')).statusCode).toBe(200);
    const res = await historical('from_date=2024-01-01&to_date=2025-01-01');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/at most 366 days/);
  });

  it.each([
    ['from_date=2025-01-12&to_date=2025-01-05', /from_date must be on or before to_date/],
    ['from_date=2024-02-30', /from_date must be a real calendar date/],
    ['to_date=12/01/2025', /to_date must be a real calendar date/],
    ['to_date=9999-12-31', /to_date must be between/],
    ['group=year', /group must be day, week or month/],
  ])('refuses %s with 422', async (query, detail) => {
    const res = await historical(query);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(detail);
  });

  it('refuses unsupported currencies', async () => {
    const res = await historical('', 'EUR/BTC');
    expect(res.statusCode).toBe(422);
  });
});

describe('demo rate history', () => {
  it('stores 90 days up to today, drifting a little around the built-in rates and ending on them', async () => {
    const today = new Date();
    await seedRateHistory(t.database.db, { today });
    const day = (offset: number) =>
      new Date(today.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
    const res = await get(`/api/currency/historical/USD/DKK?from_date=${day(89)}&to_date=${day(0)}`);
    const { rates } = res.json();
    expect(rates).toHaveLength(90);
    expect(rates[89]).toEqual({ date: day(0), rate: 6.5 });
    for (const { rate } of rates) expect(Math.abs(rate / 6.5 - 1)).toBeLessThanOrEqual(0.08);
    expect(new Set(rates.map((r: { rate: number }) => r.rate)).size).toBeGreaterThan(10);
    // the same history on every run: seeding again changes nothing
    await seedRateHistory(t.database.db, { today });
    expect(
      (await get(`/api/currency/historical/USD/DKK?from_date=${day(89)}&to_date=${day(0)}`)).json(),
    ).toEqual(res.json());
  });
});

describe('GET /api/currency/health', () => {
  it('says degraded, on built-in rates, while no provider is configured; not cached', async () => {
    const res = await get('/api/currency/health', null);
    expect(res.json()).toEqual({
      health: 'degraded',
      provider: null,
      last_success_at: null,
      source: 'fallback',
      last_attempt_at: null,
      as_of: null,
      reason: 'no rates provider is configured; using the built-in rates',
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers the health from the admin refresh, which records the attempt', async () => {
    const res = await call(t, 'POST', '/api/admin/currency/refresh', { token: adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ health: 'degraded', source: 'fallback', last_success_at: null });
    expect(res.json().last_attempt_at).toEqual(expect.any(String));
  });
});
