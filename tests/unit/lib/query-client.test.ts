import { onlineManager } from '@tanstack/react-query';
import { adminKeys } from '../../../src/features/admin/api/admin-keys';
import { settingsKeys } from '../../../src/features/settings/api/settings-keys';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../src/lib/api-client';
import {
  createQueryClient,
  GC_TIME_MS,
  PERSIST_MAX_AGE_MS,
  shouldPersistQuery,
  STALE_TIME_MS,
  staleTime,
} from '../../../src/lib/query-client';
import { shouldRetry } from '../../../src/lib/retry-policy';
import { installFakeServer } from '../support/fake-server';

function clientWithoutRetryDelay() {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    queries: { ...defaults.queries, retryDelay: 0 },
    mutations: { ...defaults.mutations, retryDelay: 0 },
  });
  return client;
}

describe('query client', () => {
  it('uses the spec defaults', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(staleTime()).toBe(STALE_TIME_MS);
    expect(queries?.staleTime).toBe(staleTime);
    expect(STALE_TIME_MS).toBe(5 * 60 * 1000);
    expect(queries?.gcTime).toBe(GC_TIME_MS);
    // Kept in memory at least as long as persisted, so a save never drops a query that is still valid.
    expect(GC_TIME_MS).toBeGreaterThanOrEqual(PERSIST_MAX_AGE_MS);
    expect(queries?.refetchOnWindowFocus).toBe(true);
    expect(queries?.refetchOnReconnect).toBe(true);
    expect(typeof mutations?.retry).toBe('function');
  });

  it('never retries a 4xx', async () => {
    const server = installFakeServer().on('GET', '/campaigns/x', {
      status: 404,
      body: { detail: 'Not found' },
    });
    const client = clientWithoutRetryDelay();

    await expect(
      client.fetchQuery({
        queryKey: ['campaigns', 'x'],
        queryFn: () => api.get('/campaigns/x'),
        // fetchQuery turns retries off unless asked; use the app default rule.
        retry: client.getDefaultOptions().queries?.retry,
      }),
    ).rejects.toThrow();

    expect(server.callsTo('GET', '/campaigns/x')).toHaveLength(1);
  });

  it('retries other failures up to 3 times', async () => {
    const server = installFakeServer().on('GET', '/campaigns', { status: 503 });
    const client = clientWithoutRetryDelay();

    await expect(
      client.fetchQuery({
        queryKey: ['campaigns'],
        queryFn: () => api.get('/campaigns'),
        retry: client.getDefaultOptions().queries?.retry,
      }),
    ).rejects.toThrow();

    expect(server.callsTo('GET', '/campaigns')).toHaveLength(4);
  });

  it('retries a failed mutation once and logs mutation errors', async () => {
    const server = installFakeServer().on('POST', '/campaigns', { status: 503 });
    const client = clientWithoutRetryDelay();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    const mutation = client
      .getMutationCache()
      .build(client, { mutationFn: () => api.post('/campaigns', {}) });
    await expect(mutation.execute(undefined)).rejects.toThrow();

    expect(server.callsTo('POST', '/campaigns')).toHaveLength(2);
    expect(log).toHaveBeenCalledWith('Mutation failed', expect.anything());
  });

  it('holds writes made after a read found no network and sends them when the connection returns', async () => {
    let reachable = false;
    const server = installFakeServer()
      .on('GET', '/campaigns', { networkError: true })
      .on('POST', '/campaigns', () =>
        reachable ? { status: 201, body: { id: 'c1' } } : { networkError: true },
      );
    const client = clientWithoutRetryDelay();
    // mounted, as the app's provider does: it resumes paused writes when the connection returns
    client.mount();
    onlineManager.setOnline(true);
    try {
      await expect(api.get('/campaigns')).rejects.toThrow('Network Error');
      expect(onlineManager.isOnline()).toBe(false);
      const mutation = client
        .getMutationCache()
        .build(client, { mutationFn: () => api.post('/campaigns', {}) });
      const done = mutation.execute(undefined);
      await vi.waitFor(() => expect(mutation.state.isPaused).toBe(true));
      expect(server.callsTo('POST', '/campaigns')).toHaveLength(0);

      reachable = true;
      onlineManager.setOnline(true);
      await expect(done).resolves.toMatchObject({ status: 201 });
      expect(server.callsTo('POST', '/campaigns')).toHaveLength(1);
    } finally {
      client.unmount();
      onlineManager.setOnline(true);
    }
  });

  it('does not log a mutation the server refused with a 4xx, but does log a 5xx', async () => {
    installFakeServer()
      .on('POST', '/applications', { status: 409, body: { detail: 'You already have an open application.' } })
      .on('POST', '/payouts', { status: 500, body: { detail: 'Internal error' } });
    const client = clientWithoutRetryDelay();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    const refused = client
      .getMutationCache()
      .build(client, { mutationFn: () => api.post('/applications', {}) });
    await expect(refused.execute(undefined)).rejects.toThrow();
    expect(log).not.toHaveBeenCalled();

    const broken = client.getMutationCache().build(client, { mutationFn: () => api.post('/payouts', {}) });
    await expect(broken.execute(undefined)).rejects.toThrow();
    expect(log).toHaveBeenCalledWith('Mutation failed', expect.anything());
    log.mockRestore();
  });

  it('retry rule: stops at the limit and on client errors', () => {
    const retry = shouldRetry(3);
    const clientError = { isAxiosError: true, response: { status: 422 } };
    expect(retry(0, new Error('network'))).toBe(true);
    expect(retry(2, new Error('network'))).toBe(true);
    expect(retry(3, new Error('network'))).toBe(false);
    expect(retry(0, clientError)).toBe(false);
  });

  it('does not persist the account or platform settings, but does persist the admin lists', () => {
    const success = { status: 'success' } as const;
    expect(shouldPersistQuery({ queryKey: ['auth', 'me'], state: success } as never)).toBe(false);
    expect(shouldPersistQuery({ queryKey: settingsKeys.admin(), state: success } as never)).toBe(false);
    expect(shouldPersistQuery({ queryKey: ['campaigns', 'list'], state: success } as never)).toBe(true);
    expect(shouldPersistQuery({ queryKey: adminKeys.userLists(), state: success } as never)).toBe(true);
  });
});
