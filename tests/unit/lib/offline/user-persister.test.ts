import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPersistOptions,
  GC_TIME_MS,
  PERSIST_BUSTER,
  PERSIST_MAX_AGE_MS,
  PERSIST_STORAGE_KEY,
  PERSIST_THROTTLE_MS,
} from '../../../../src/lib/query-client';
import { version } from '../../../../package.json';
import {
  removePersistedCaches,
  serializeWithinBudget,
  userBuster,
} from '../../../../src/lib/offline/user-persister';

type Options = ReturnType<typeof createPersistOptions>;
// The persist package types its own copy of query-core; the client is the same at runtime.
const asPersisted = (client: QueryClient) =>
  client as unknown as Parameters<typeof persistQueryClientSave>[0]['queryClient'];

async function save(options: Options, client: QueryClient) {
  await persistQueryClientSave({ ...options, queryClient: asPersisted(client) });
  vi.advanceTimersByTime(PERSIST_THROTTLE_MS);
}

async function restoreInto(options: Options) {
  const client = new QueryClient();
  await persistQueryClientRestore({ ...options, queryClient: asPersisted(client) });
  return client;
}

const keyOf = (userId: string) => `${PERSIST_STORAGE_KEY}:${userId}`;

afterEach(() => vi.useRealTimers());

describe('persisted query cache', () => {
  it('keeps a day, is kept in memory as long, and is busted by another app version', () => {
    const options = createPersistOptions('u-1');
    expect(options.maxAge).toBe(24 * 60 * 60 * 1000);
    expect(options.maxAge).toBe(PERSIST_MAX_AGE_MS);
    expect(GC_TIME_MS).toBeGreaterThanOrEqual(options.maxAge!);
    expect(options.buster).toBe(PERSIST_BUSTER);
    expect(PERSIST_BUSTER).toContain(version);
  });

  it('stores each user under their own key with a buster naming them, throttled', async () => {
    vi.useFakeTimers();
    const options = createPersistOptions('u-1');
    const client = new QueryClient();
    client.setQueryData(['campaigns', 'list', {}], { items: ['Summer sale'], total: 1 });
    client.setQueryData(['auth', 'me'], { id: 'u-1' });
    client.setQueryData(['admin', 'settings'], { smtp: 'secret' });

    await persistQueryClientSave({ ...options, queryClient: asPersisted(client) });
    expect(localStorage.getItem(keyOf('u-1'))).toBeNull(); // not before the throttle window
    vi.advanceTimersByTime(PERSIST_THROTTLE_MS);

    const stored = JSON.parse(localStorage.getItem(keyOf('u-1'))!);
    expect(stored.buster).toBe(userBuster(PERSIST_BUSTER, 'u-1'));
    expect(stored.clientState.queries.map((q: { queryKey: unknown }) => q.queryKey)).toEqual([
      ['campaigns', 'list', {}],
    ]);
    expect(localStorage.getItem(PERSIST_STORAGE_KEY)).toBeNull();
  });

  it("restores only the signed-in user's cache, never another user's", async () => {
    vi.useFakeTimers();
    const alice = createPersistOptions('alice');
    const aliceClient = new QueryClient();
    aliceClient.setQueryData(['campaigns', 'list', {}], { items: ["Alice's campaign"] });
    await save(alice, aliceClient);

    expect(
      (await restoreInto(createPersistOptions('alice'))).getQueryData(['campaigns', 'list', {}]),
    ).toEqual({ items: ["Alice's campaign"] });
    const bob = await restoreInto(createPersistOptions('bob'));
    expect(bob.getQueryData(['campaigns', 'list', {}])).toBeUndefined();
    // A cache copied under another user's key is refused by its buster, and dropped.
    localStorage.setItem(keyOf('bob'), localStorage.getItem(keyOf('alice'))!);
    expect((await restoreInto(createPersistOptions('bob'))).getQueryData(['campaigns', 'list', {}])).toBe(
      undefined,
    );
    expect(localStorage.getItem(keyOf('bob'))).toBeNull();
    expect((await restoreInto(createPersistOptions(null))).getQueryCache().getAll()).toHaveLength(0);
  });

  it('drops a write still throttled for the previous user once the user changes', async () => {
    vi.useFakeTimers();
    const options = createPersistOptions('alice');
    const client = new QueryClient();
    client.setQueryData(['notifications', 'list'], { items: ['for alice'] });
    await persistQueryClientSave({ ...options, queryClient: asPersisted(client) });
    options.persister.setUser(null);
    removePersistedCaches(localStorage, PERSIST_STORAGE_KEY);
    vi.advanceTimersByTime(PERSIST_THROTTLE_MS * 2);
    expect(localStorage.getItem(keyOf('alice'))).toBeNull();
  });

  it('removes every user cache on sign-out and leaves other storage alone', () => {
    localStorage.setItem(keyOf('a'), '{}');
    localStorage.setItem(keyOf('b'), '{}');
    localStorage.setItem('access_token', 'tok');
    removePersistedCaches(localStorage, PERSIST_STORAGE_KEY);
    expect(localStorage.getItem(keyOf('a'))).toBeNull();
    expect(localStorage.getItem(keyOf('b'))).toBeNull();
    expect(localStorage.getItem('access_token')).toBe('tok');
  });

  it('size guard: leaves out the queries updated longest ago, never the queued changes', () => {
    const query = (name: string, dataUpdatedAt: number) => ({
      queryKey: [name],
      queryHash: JSON.stringify([name]),
      state: { data: 'x'.repeat(1000), dataUpdatedAt },
    });
    const client = {
      timestamp: 1,
      buster: 'b',
      clientState: {
        queries: [query('newest', 3), query('oldest', 1), query('middle', 2)],
        mutations: [{ mutationKey: ['m'], state: { status: 'pending', variables: 'y'.repeat(500) } }],
      },
    } as never;
    const text = serializeWithinBudget(client, 2700);
    expect(text.length).toBeLessThanOrEqual(2700);
    const kept = JSON.parse(text);
    expect(kept.clientState.queries.map((q: { queryKey: string[] }) => q.queryKey[0])).toEqual(['newest']);
    expect(kept.clientState.mutations).toHaveLength(1);
    expect(serializeWithinBudget(client, 1_000_000)).toBe(JSON.stringify(client));
  });

  it('flush writes the latest state at once (page hidden before the throttle ran)', async () => {
    vi.useFakeTimers();
    const options = createPersistOptions('u-9');
    const client = new QueryClient();
    client.setQueryData(['reports', 'x'], { rows: 3 });
    await persistQueryClientSave({ ...options, queryClient: asPersisted(client) });
    options.persister.flush();
    expect(JSON.parse(localStorage.getItem(keyOf('u-9'))!).clientState.queries).toHaveLength(1);
  });
});
