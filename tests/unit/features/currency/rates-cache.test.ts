import Dexie from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getRates, ratesSaved } from '../../../../src/features/currency/api/get-rates';
import { loadSavedRates, saveRates } from '../../../../src/features/currency/utils/persisted-rates';
import {
  handleSaveRates,
  type SaveRatesRequest,
} from '../../../../src/features/currency/workers/save-rates-worker';
import { AffilioDatabase, db } from '../../../../src/lib/db';
import { installFakeServer, type FakeServer } from '../../support/fake-server';

let server: FakeServer;

const LIVE = {
  success: true,
  source_currency: 'USD',
  rates: { USD: 1, EUR: 0.9, DKK: 6.7104 },
  as_of: '2025-06-02',
  source: 'provider',
};

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer();
  await db.rates.clear();
});

describe('GET /currency/rates and its fallbacks (spec §8)', () => {
  it('asks for the rates of the source currency and saves them on this device per source and day', async () => {
    server.on('GET', '/currency/rates', { status: 200, body: LIVE });
    const table = await getRates('USD');
    expect(table).toEqual({
      source: 'USD',
      rates: { USD: 1, EUR: 0.9, DKK: 6.7104 },
      asOf: '2025-06-02',
      origin: 'live',
    });
    // Saved once the browser is idle, not before the answer is used.
    await ratesSaved();
    const row = await db.rates.get(['USD', '2025-06-02']);
    expect(row).toMatchObject({ source: 'USD', day: '2025-06-02', rates: LIVE.rates });
  });

  it('falls back to the saved rates when the server answers an HTML page instead of JSON', async () => {
    server.on('GET', '/currency/rates', { status: 200, body: LIVE });
    await getRates('USD');
    server.on('GET', '/currency/rates', { status: 200, html: '<!doctype html><title>Proxy error</title>' });
    expect(await getRates('USD')).toEqual({
      source: 'USD',
      rates: LIVE.rates,
      asOf: '2025-06-02',
      origin: 'saved',
    });
  });

  it.each([
    ['a network error', { networkError: true } as const],
    ['a timeout', { timeout: true } as const],
    ['a server error', { status: 503, body: { detail: 'down' } }],
    ['JSON without rates', { status: 200, body: { success: true, rates: { EUR: 'lots' } } }],
  ])('falls back to the saved rates on %s', async (_name, reply) => {
    await saveRates({ source: 'USD', rates: { EUR: 0.88 }, asOf: '2025-05-30', origin: 'live' });
    server.on('GET', '/currency/rates', reply);
    expect(await getRates('USD')).toMatchObject({ rates: { EUR: 0.88 }, origin: 'saved' });
  });

  it('falls back to the built-in rates when nothing was saved', async () => {
    server.on('GET', '/currency/rates', { status: 200, html: '<html>Offline</html>' });
    const table = await getRates('USD');
    expect(table).toMatchObject({ source: 'USD', asOf: null, origin: 'built-in' });
    expect(table.rates).toMatchObject({ EUR: 0.85, DKK: 6.5, JPY: 110 });
  });

  it('falls back to the built-in rates when IndexedDB itself fails', async () => {
    server.on('GET', '/currency/rates', { networkError: true });
    vi.spyOn(db.rates, 'where').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(await getRates('USD')).toMatchObject({ origin: 'built-in' });
  });
});

/** A browser's Worker, running the rates worker's handler in this thread and recording what happened. */
function installFakeWorker({ silent = false } = {}) {
  const created: { url: string; options?: WorkerOptions; terminated: boolean }[] = [];
  class FakeWorker {
    onmessage: ((event: MessageEvent) => void) | null = null;
    onerror: (() => void) | null = null;
    private readonly record: (typeof created)[number];
    constructor(url: URL | string, options?: WorkerOptions) {
      this.record = { url: String(url), options, terminated: false };
      created.push(this.record);
    }
    postMessage(request: SaveRatesRequest) {
      if (silent) return;
      // Structured clone, as a real worker receives it.
      void handleSaveRates(structuredClone(request)).then((saved) =>
        this.onmessage?.(new MessageEvent('message', { data: saved })),
      );
    }
    terminate() {
      this.record.terminated = true;
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return created;
}

describe('saving the rates in a worker', () => {
  it('writes the live rates from a module worker, then ends it, when the browser has workers', async () => {
    const workers = installFakeWorker();
    try {
      server.on('GET', '/currency/rates', { status: 200, body: LIVE });
      await getRates('USD');
      await ratesSaved();
      expect(workers).toHaveLength(1);
      expect(workers[0]).toMatchObject({ options: { type: 'module' }, terminated: true });
      expect(workers[0]?.url).toMatch(/save-rates-worker/);
      expect(await loadSavedRates('USD')).toMatchObject({ rates: LIVE.rates, asOf: '2025-06-02' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives up on a worker that never answers after 10 s, so a fallback waiting for the save goes on', async () => {
    const workers = installFakeWorker({ silent: true });
    try {
      server.on('GET', '/currency/rates', { status: 200, body: LIVE });
      await getRates('USD');
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      await vi.waitFor(() => expect(workers).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(9_000);
      expect(workers[0]?.terminated).toBe(false);
      await vi.advanceTimersByTimeAsync(1_000);
      await ratesSaved();
      expect(workers[0]?.terminated).toBe(true);
      vi.useRealTimers();
      // The next failure falls back at once (nothing was saved: the built-in rates).
      server.on('GET', '/currency/rates', { networkError: true });
      expect(await getRates('USD')).toMatchObject({ origin: 'built-in' });
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it('answers false and writes nothing when the rates cannot be stored', async () => {
    const broken = {
      table: { source: undefined, rates: {}, asOf: null },
      now: 0,
    } as unknown as SaveRatesRequest;
    expect(await handleSaveRates(broken)).toBe(false);
    expect(await db.rates.count()).toBe(0);
  });
});

describe('saved rates (Dexie)', () => {
  it('gives the latest day of the source asked for', async () => {
    await saveRates({ source: 'USD', rates: { EUR: 0.8 }, asOf: '2025-05-01', origin: 'live' });
    await saveRates({ source: 'USD', rates: { EUR: 0.9 }, asOf: '2025-06-02', origin: 'live' });
    await saveRates({ source: 'USD', rates: { EUR: 0.85 }, asOf: '2025-05-15', origin: 'live' });
    await saveRates({ source: 'EUR', rates: { USD: 1.2 }, asOf: '2025-07-01', origin: 'live' });
    expect(await loadSavedRates('USD')).toEqual({
      source: 'USD',
      rates: { EUR: 0.9 },
      asOf: '2025-06-02',
      origin: 'saved',
    });
    expect(await loadSavedRates('GBP')).toBeNull();
  });

  it('keys rates without an as_of by the day they were fetched, one row per day', async () => {
    const noon = Date.parse('2025-06-03T12:00:00Z');
    await saveRates({ source: 'USD', rates: { EUR: 0.8 }, asOf: null, origin: 'live' }, noon);
    await saveRates({ source: 'USD', rates: { EUR: 0.81 }, asOf: null, origin: 'live' }, noon + 1000);
    expect(await db.rates.count()).toBe(1);
    expect(await loadSavedRates('USD')).toMatchObject({ rates: { EUR: 0.81 }, asOf: '2025-06-03' });
  });

  it('upgrades a version-1 database in place, keeping its data and adding the rates table', async () => {
    const old = new Dexie('affilio-upgrade-test');
    old.version(1).stores({ kv: 'key' });
    await old.table('kv').put({ key: 'hello', value: 'world', updatedAt: 1 });
    old.close();

    const upgraded = new AffilioDatabase('affilio-upgrade-test');
    await upgraded.open();
    expect(upgraded.verno).toBe(3);
    expect(await upgraded.kv.get('hello')).toMatchObject({ value: 'world' });
    await upgraded.rates.put({
      source: 'USD',
      day: '2025-06-02',
      rates: { EUR: 0.9 },
      asOf: null,
      fetchedAt: 1,
    });
    expect(await upgraded.rates.get(['USD', '2025-06-02'])).toMatchObject({ rates: { EUR: 0.9 } });
    upgraded.close();
  });
});
