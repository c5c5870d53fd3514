import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../../src/lib/api-client';
import { RECONNECT_PROBE_MS } from '../../../../src/lib/offline/online-status';
import { installFakeServer, unreachableFetch, type FakeServer } from '../../support/fake-server';

let server: FakeServer;

beforeEach(() => {
  server = installFakeServer();
  onlineManager.setOnline(true);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('online status', () => {
  it('goes offline when a request gets no answer although the browser says online, and back at the first answer', async () => {
    vi.useFakeTimers();
    const fetch = unreachableFetch();
    server.on('GET', '/campaigns', { networkError: true });

    await expect(api.get('/campaigns')).rejects.toThrow('Network Error');
    expect(onlineManager.isOnline()).toBe(false);

    // still unreachable: stays offline
    await vi.advanceTimersByTimeAsync(RECONNECT_PROBE_MS);
    expect(fetch).toHaveBeenCalledWith('/api/health', { cache: 'no-store' });
    expect(onlineManager.isOnline()).toBe(false);

    // the server answers again
    fetch.mockResolvedValue(new Response('{}', { status: 200 }));
    await vi.advanceTimersByTimeAsync(RECONNECT_PROBE_MS);
    expect(onlineManager.isOnline()).toBe(true);

    // and asks no more
    const calls = fetch.mock.calls.length;
    await vi.advanceTimersByTimeAsync(RECONNECT_PROBE_MS * 3);
    expect(fetch.mock.calls.length).toBe(calls);
  });

  it('stays online when the server answers, even with an error', async () => {
    server.on('GET', '/campaigns', { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } });
    await expect(api.get('/campaigns')).rejects.toThrow();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('lets a write that found no network fail to the person who made it', async () => {
    server.on('POST', '/campaigns', { networkError: true });
    await expect(api.post('/campaigns', {})).rejects.toThrow('Network Error');
    expect(onlineManager.isOnline()).toBe(true);
  });
});
