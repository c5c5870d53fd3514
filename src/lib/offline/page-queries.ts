import {
  matchQuery,
  notifyManager,
  useMutationState,
  useQueryClient,
  type Mutation,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { isOfflineMutation } from './offline-mutation';
import { useOnlineStatus } from './online-status';

/**
 * Which queries belong to the page on screen: those a component started observing (or created) since
 * the route changed. Counted with a sequence number rather than a clock, so the order is exact.
 */
interface PageTracker {
  sequence: number;
  lastUsed: Map<string, number>;
}

const trackers = new WeakMap<QueryClient, PageTracker>();

function trackerOf(client: QueryClient): PageTracker {
  let tracker = trackers.get(client);
  if (!tracker) {
    const created: PageTracker = { sequence: 0, lastUsed: new Map() };
    client.getQueryCache().subscribe((event) => {
      if (event.type === 'added' || event.type === 'observerAdded') {
        created.sequence += 1;
        created.lastUsed.set(event.query.queryHash, created.sequence);
      } else if (event.type === 'removed') {
        created.lastUsed.delete(event.query.queryHash);
      }
    });
    trackers.set(client, created);
    tracker = created;
  }
  return tracker;
}

export interface PageOfflineStatus {
  /** Offline, and nothing of this page was ever loaded: it cannot be shown. */
  unavailable: boolean;
  /** Offline, and parts of the page were never loaded (they wait for the connection). */
  partial: boolean;
  /** When the oldest data shown on the page was fetched (null: none from the cache). */
  updatedAt: number | null;
}

const NOTHING: PageOfflineStatus = { unavailable: false, partial: false, updatedAt: null };

/**
 * What the page can show offline, from its queries: those without data that wait (paused, or failed
 * for want of a network) make it unavailable when nothing else has data, partial otherwise.
 */
export function pageOfflineStatus(
  queries: readonly Pick<Query, 'queryKey' | 'state'>[],
  online: boolean,
): PageOfflineStatus {
  if (online || queries.length === 0) return NOTHING;
  const withData = queries.filter((q) => q.state.data !== undefined);
  const waiting = queries.filter(
    (q) => q.state.data === undefined && (q.state.fetchStatus === 'paused' || q.state.status === 'error'),
  );
  return {
    unavailable: withData.length === 0 && waiting.length > 0,
    partial: withData.length > 0 && waiting.length > 0,
    updatedAt: withData.length > 0 ? Math.min(...withData.map((q) => q.state.dataUpdatedAt)) : null,
  };
}

const sameStatus = (a: PageOfflineStatus, b: PageOfflineStatus) =>
  a.unavailable === b.unavailable && a.partial === b.partial && a.updatedAt === b.updatedAt;

/**
 * The offline status of the page at `routeKey`. `ignore` lists query keys (prefixes) of the shell
 * around every page (header badges, rates) that say nothing about the page itself.
 */
export function usePageOfflineStatus(routeKey: string, ignore: readonly QueryKey[]): PageOfflineStatus {
  const client = useQueryClient();
  const online = useOnlineStatus();
  const tracker = trackerOf(client);
  // Captured when the route renders: its components start observing right after.
  const route = useMemo(() => ({ routeKey, since: tracker.sequence }), [routeKey, tracker]);
  const [status, setStatus] = useState<PageOfflineStatus>(NOTHING);

  useEffect(() => {
    const compute = () => {
      const queries = client
        .getQueryCache()
        .getAll()
        .filter(
          (q) =>
            (tracker.lastUsed.get(q.queryHash) ?? -1) > route.since &&
            !ignore.some((queryKey) => matchQuery({ queryKey }, q)),
        );
      const next = pageOfflineStatus(queries, online);
      setStatus((current) => (sameStatus(current, next) ? current : next));
    };
    compute();
    // A query is added while the component that uses it renders: setting state then would update this
    // component during another one's render, so the cache's events are handled after it, as TanStack's
    // own observers do.
    return client.getQueryCache().subscribe(() => notifyManager.schedule(compute));
  }, [client, tracker, route, ignore, online]);

  return status;
}

const isQueued = (mutation: Mutation<unknown, Error, unknown, unknown>) =>
  isOfflineMutation(mutation) && mutation.state.status === 'pending' && mutation.state.isPaused;

/** Changes made offline that wait to be sent (the one being sent right now no longer counts). */
export function useQueuedChangeCount(): number {
  return useMutationState({ filters: { predicate: isQueued }, select: () => 1 }).length;
}
