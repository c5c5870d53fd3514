import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import {
  removeOldestQuery,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';

type SyncStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & {
  readonly length: number;
  key(index: number): string | null;
};

export interface UserPersisterOptions {
  storage: SyncStorage;
  /** Each user's cache lives at `${keyPrefix}:${userId}`. */
  keyPrefix: string;
  /** The app version: a cache written by another version is dropped. */
  buster: string;
  throttleTime: number;
  /** Size guard: the oldest queries are left out until the stored text is at most this long. */
  maxChars: number;
}

/**
 * The sync-storage persister, one per signed-in user. Logging out or signing in as someone else never
 * reads or writes the previous user's cache, and a throttled write still pending for the previous user
 * is dropped rather than landing after the switch.
 */
export interface UserPersister extends Persister {
  /** Whose cache is read and written from now on; null: nobody's. */
  setUser(userId: string | null): void;
  /** Writes the latest state at once (the page is being hidden or unloaded). */
  flush(): void;
}

export const userStorageKey = (keyPrefix: string, userId: string) => `${keyPrefix}:${userId}`;
/** Stored with each cache: a cache is restored only for the version and user that wrote it. */
export const userBuster = (buster: string, userId: string) => `${buster}:${userId}`;

/**
 * JSON of `client` no longer than `maxChars`: the queries updated longest ago are left out first
 * (paused mutations always stay; they are the user's unsent changes).
 */
export function serializeWithinBudget(client: PersistedClient, maxChars: number): string {
  const whole = JSON.stringify(client);
  if (whole.length <= maxChars) return whole;
  const { queries } = client.clientState;
  const oldestFirst = queries
    .map((query) => ({ query, size: JSON.stringify(query).length + 1 }))
    .sort((a, b) => a.query.state.dataUpdatedAt - b.query.state.dataUpdatedAt);
  let size = whole.length;
  const dropped = new Set<unknown>();
  for (const { query, size: querySize } of oldestFirst) {
    if (size <= maxChars) break;
    dropped.add(query);
    size -= querySize;
  }
  return JSON.stringify({
    ...client,
    clientState: { ...client.clientState, queries: queries.filter((q) => !dropped.has(q)) },
  });
}

/** A write that was running when the page went away may have reached the server: replay it (same key). */
function pausePending(client: PersistedClient): PersistedClient {
  return {
    ...client,
    clientState: {
      ...client.clientState,
      mutations: client.clientState.mutations.map((m) =>
        m.state.status === 'pending' ? { ...m, state: { ...m.state, isPaused: true } } : m,
      ),
    },
  };
}

/** Removes every user's persisted cache from `storage` (sign-out: nothing of the account stays). */
export function removePersistedCaches(storage: SyncStorage, keyPrefix: string): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key === keyPrefix || key?.startsWith(`${keyPrefix}:`)) keys.push(key);
  }
  keys.forEach((key) => storage.removeItem(key));
}

export function createUserPersister(options: UserPersisterOptions): UserPersister {
  const { storage, keyPrefix, buster, throttleTime, maxChars } = options;
  let userId: string | null = null;
  let latest: { userId: string; client: PersistedClient } | null = null;
  const persisters = new Map<string, Persister>();
  const serialize = (client: PersistedClient) => serializeWithinBudget(client, maxChars);
  const stamp = (client: PersistedClient, owner: string): PersistedClient => ({
    ...client,
    buster: userBuster(buster, owner),
  });

  const persisterOf = (owner: string): Persister => {
    let persister = persisters.get(owner);
    if (!persister) {
      persister = createSyncStoragePersister({
        // Writes for anyone but the current user are dropped: the throttle may fire after a switch.
        storage: {
          getItem: (key) => storage.getItem(key),
          setItem: (key, value) => {
            if (owner === userId) storage.setItem(key, value);
          },
          removeItem: (key) => storage.removeItem(key),
        },
        key: userStorageKey(keyPrefix, owner),
        throttleTime,
        serialize,
        retry: removeOldestQuery,
      });
      persisters.set(owner, persister);
    }
    return persister;
  };

  return {
    setUser(next) {
      if (next !== userId) latest = null;
      userId = next;
    },
    persistClient(client) {
      if (!userId) return;
      latest = { userId, client };
      return persisterOf(userId).persistClient(stamp(client, userId));
    },
    restoreClient() {
      if (!userId) return undefined;
      const stored = persisterOf(userId).restoreClient() as PersistedClient | undefined;
      if (!stored) return undefined;
      if (stored.buster !== userBuster(buster, userId)) {
        storage.removeItem(userStorageKey(keyPrefix, userId));
        return undefined;
      }
      // persistQueryClientRestore compares against the plain app version.
      return pausePending({ ...stored, buster });
    },
    removeClient() {
      if (userId) storage.removeItem(userStorageKey(keyPrefix, userId));
    },
    flush() {
      if (!latest || latest.userId !== userId) return;
      try {
        storage.setItem(
          userStorageKey(keyPrefix, latest.userId),
          serialize(stamp(latest.client, latest.userId)),
        );
      } catch {
        // Over quota: the throttled write's retry strategy trims it on its next run.
      }
    },
  };
}
