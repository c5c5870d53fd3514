import { MutationCache, QueryClient, onlineManager, type Mutation, type Query } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { version as APP_VERSION } from '../../package.json';
import { errorMessage } from './api-client';
import { isOfflineMutation, offlineLabel } from './offline/offline-mutation';
import { syncOnlineStatus } from './offline/online-status';
import { createUserPersister, type UserPersister } from './offline/user-persister';
import { isClientError, MAX_MUTATION_RETRIES, MAX_QUERY_RETRIES, shouldRetry } from './retry-policy';
import { showToast } from './toast';

export const STALE_TIME_MS = 5 * 60 * 1000;
/** Persisted data is kept this long; unused queries stay in memory as long, so a save never drops them. */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const GC_TIME_MS = PERSIST_MAX_AGE_MS;
export const PERSIST_STORAGE_KEY = 'affilio:query-cache';
/** At most one localStorage write per second while the cache keeps changing. */
export const PERSIST_THROTTLE_MS = 1000;
/**
 * Size guard: localStorage holds about 5 M characters per origin (shared with the token and preferences);
 * the cache stays well below, dropping the queries updated longest ago first.
 */
export const PERSIST_MAX_CHARS = 2_000_000;
/** A cache written by another release is not restored (its data shapes may differ). */
export const PERSIST_BUSTER = `affilio@${APP_VERSION}`;

/**
 * A 4xx answer is the server refusing the request on purpose (validation, conflict, permission): the
 * screen shows its `detail`, so it is not logged. Network failures, 5xx and non-HTTP errors are.
 */
export function isUnexpectedFailure(error: unknown): boolean {
  return !isClientError(error);
}

/**
 * Online, data is fresh for STALE_TIME_MS; offline, whatever is cached counts as fresh, so pages (and
 * stores that call fetchQuery) show it at once instead of waiting for a fetch that cannot start. On
 * reconnect the same rule makes stale queries refetch.
 */
export function staleTime(): number {
  return onlineManager.isOnline() ? STALE_TIME_MS : Infinity;
}

/** Writes that waited offline (or came back from storage after a reload). */
const queuedMutations = new WeakSet<Mutation<unknown, unknown, unknown, unknown>>();

/**
 * A queued change that the server refuses on replay is rolled back by its own onError; nobody may be
 * looking at the screen that made it any more, so say here what failed.
 */
function reportQueuedFailure(error: unknown, mutation: Mutation<unknown, unknown, unknown, unknown>) {
  const label = offlineLabel(mutation);
  if (!label || !queuedMutations.has(mutation)) return;
  showToast({
    title: `Change not saved: ${label}`,
    message: errorMessage(error, 'The server refused the change made offline; it has been undone.'),
    color: 'red',
  });
}

export function createQueryClient(): QueryClient {
  syncOnlineStatus();
  const mutationCache = new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (isUnexpectedFailure(error)) console.error('Mutation failed', error);
      reportQueuedFailure(error, mutation);
    },
  });
  mutationCache.subscribe((event) => {
    const { mutation } = event;
    if (!mutation || !isOfflineMutation(mutation)) return;
    if (mutation.state.isPaused && !onlineManager.isOnline()) queuedMutations.add(mutation);
  });
  return new QueryClient({
    mutationCache,
    defaultOptions: {
      queries: {
        staleTime,
        gcTime: GC_TIME_MS,
        retry: shouldRetry(MAX_QUERY_RETRIES),
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      // Also skips 4xx: re-sending a rejected login or registration cannot succeed.
      mutations: { retry: shouldRetry(MAX_MUTATION_RETRIES) },
    },
  });
}

/**
 * Query keys whose first part is listed here never reach localStorage: the account, platform settings
 * (which may hold a provider URL with a key) and push subscriptions. Tokens are never in the query cache.
 */
const NOT_PERSISTED = new Set(['auth', 'admin', 'push']);

export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const [scope] = query.queryKey;
  return query.state.status === 'success' && !(typeof scope === 'string' && NOT_PERSISTED.has(scope));
}

/** Unsent offline changes are persisted so they survive a reload (and are replayed with the same key). */
export function shouldPersistMutation(mutation: Pick<Mutation, 'meta' | 'state'>): boolean {
  return isOfflineMutation(mutation) && mutation.state.status === 'pending';
}

export type PersistOptions = Omit<PersistQueryClientOptions, 'queryClient' | 'persister'> & {
  persister: UserPersister;
};

/** Persist options for `userId`'s cache (null: signed out, nothing is read or written). */
export function createPersistOptions(
  userId: string | null,
  storage: Storage = window.localStorage,
): PersistOptions {
  const persister = createUserPersister({
    storage,
    keyPrefix: PERSIST_STORAGE_KEY,
    buster: PERSIST_BUSTER,
    throttleTime: PERSIST_THROTTLE_MS,
    maxChars: PERSIST_MAX_CHARS,
  });
  persister.setUser(userId);
  return {
    persister,
    maxAge: PERSIST_MAX_AGE_MS,
    buster: PERSIST_BUSTER,
    dehydrateOptions: {
      shouldDehydrateQuery: shouldPersistQuery,
      shouldDehydrateMutation: shouldPersistMutation,
    },
  };
}
