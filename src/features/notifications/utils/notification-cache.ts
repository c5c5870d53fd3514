import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { notificationKeys } from '../api/notification-keys';
import type { Notification, NotificationStats } from '../types';

/** A list page as cached by get-notifications.ts. */
export interface NotificationPage {
  items: Notification[];
  /** From X-Total-Count; null when the server did not send it. */
  total: number | null;
}

type Cached = NotificationPage | Notification[] | NotificationStats | undefined;
export type NotificationCacheSnapshot = [QueryKey, unknown][];

const isPage = (value: unknown): value is NotificationPage =>
  typeof value === 'object' && value !== null && Array.isArray((value as NotificationPage).items);

/** Everything cached under ['notifications', …], to put back if an optimistic change fails. */
export async function snapshotNotifications(queryClient: QueryClient): Promise<NotificationCacheSnapshot> {
  // An in-flight fetch finishing after our optimistic write would overwrite it with older data.
  await queryClient.cancelQueries({ queryKey: notificationKeys.all });
  return queryClient.getQueriesData({ queryKey: notificationKeys.all });
}

export function restoreNotifications(queryClient: QueryClient, snapshot: NotificationCacheSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/** The cached notifications (lists, profile completion, action required), each id once. */
export function cachedNotifications(queryClient: QueryClient): Map<string, Notification> {
  const found = new Map<string, Notification>();
  for (const [, data] of queryClient.getQueriesData<Cached>({ queryKey: notificationKeys.all })) {
    const items = isPage(data) ? data.items : Array.isArray(data) ? data : [];
    for (const item of items) if (!found.has(item.id)) found.set(item.id, item);
  }
  return found;
}

/** Applies `change` to every cached notification list; `change` gets and returns the items. */
function updateLists(queryClient: QueryClient, change: (items: Notification[]) => Notification[]): void {
  const lists: QueryKey[] = [
    notificationKeys.lists(),
    notificationKeys.profileCompletion(),
    [...notificationKeys.all, 'action-required'],
  ];
  for (const queryKey of lists) {
    queryClient.setQueriesData<NotificationPage | Notification[]>({ queryKey }, (data) => {
      if (isPage(data)) {
        const items = change(data.items);
        const removed = data.items.length - items.length;
        return { items, total: data.total === null ? null : Math.max(0, data.total - removed) };
      }
      return Array.isArray(data) ? change(data) : data;
    });
  }
}

/** Marks the matching cached notifications read; returns how many of them were unread. */
export function markReadInCache(queryClient: QueryClient, matches: (n: Notification) => boolean): number {
  const wereUnread = [...cachedNotifications(queryClient).values()].filter((n) => matches(n) && !n.is_read);
  const readAt = new Date().toISOString();
  updateLists(queryClient, (items) =>
    items.map((n) => (matches(n) && !n.is_read ? { ...n, is_read: true, read_at: readAt } : n)),
  );
  return wereUnread.length;
}

/** Removes the matching cached notifications; returns how many of them were unread. */
export function removeFromCache(queryClient: QueryClient, matches: (n: Notification) => boolean): number {
  const wereUnread = [...cachedNotifications(queryClient).values()].filter((n) => matches(n) && !n.is_read);
  updateLists(queryClient, (items) => items.filter((n) => !matches(n)));
  return wereUnread.length;
}

/** Lowers the cached unread count (never below zero); `'all'` sets it to zero. */
export function lowerUnreadCount(queryClient: QueryClient, by: number | 'all'): void {
  queryClient.setQueryData<NotificationStats>(notificationKeys.stats(), (stats) =>
    stats
      ? {
          ...stats,
          unread_notifications: by === 'all' ? 0 : Math.max(0, stats.unread_notifications - by),
        }
      : stats,
  );
}

/**
 * After a change settles, fetch the server's view, but only once the last overlapping change is
 * done: refetching earlier would briefly show a state without the other optimistic edits.
 */
export function syncNotificationsWhenIdle(queryClient: QueryClient): Promise<void> | undefined {
  if (queryClient.isMutating({ mutationKey: notificationKeys.mutation() }) > 1) return undefined;
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/**
 * The optimistic lifecycle every notification change shares (spec §4): snapshot the cache, apply the
 * change at once, put the snapshot back if the server refuses, and resync once no change is in flight.
 */
export function optimisticNotificationChange<TInput>(
  queryClient: QueryClient,
  apply: (input: TInput) => void,
) {
  return {
    mutationKey: notificationKeys.mutation(),
    onMutate: async (input: TInput) => {
      const snapshot = await snapshotNotifications(queryClient);
      apply(input);
      return { snapshot };
    },
    onError: (
      _error: unknown,
      _input: TInput,
      context: { snapshot: NotificationCacheSnapshot } | undefined,
    ) => {
      if (context) restoreNotifications(queryClient, context.snapshot);
    },
    onSettled: () => syncNotificationsWhenIdle(queryClient),
  };
}
