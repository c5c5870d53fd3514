import { MutationCache, QueryClient, type Query } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { httpStatus } from './api-client';

export const STALE_TIME_MS = 5 * 60 * 1000;
export const GC_TIME_MS = 18 * 60 * 1000;
export const MAX_QUERY_RETRIES = 3;
export const MAX_MUTATION_RETRIES = 1;
export const PERSIST_STORAGE_KEY = 'affilio:query-cache';

function isClientError(error: unknown): boolean {
  const status = httpStatus(error);
  return status !== undefined && status >= 400 && status < 500;
}

/** Retry up to `max` times, but never a 4xx: the same request would fail the same way. */
export function shouldRetry(max: number) {
  return (failureCount: number, error: unknown): boolean => !isClientError(error) && failureCount < max;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error) => console.error('Mutation failed', error),
    }),
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
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

/** Query keys whose first part is listed here never reach localStorage (account, admin and push-subscription data). */
const NOT_PERSISTED = new Set(['auth', 'admin', 'push']);

export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const [scope] = query.queryKey;
  return query.state.status === 'success' && !(typeof scope === 'string' && NOT_PERSISTED.has(scope));
}

export function createPersistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createSyncStoragePersister({ storage: window.localStorage, key: PERSIST_STORAGE_KEY }),
    maxAge: GC_TIME_MS,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  };
}
