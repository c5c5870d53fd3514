import { MutationObserver, QueryClient, type MutationObserverOptions } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { archiveNotificationMutationOptions } from '../../../../src/features/notifications/api/archive-notification';
import { dismissProfileCompletionMutationOptions } from '../../../../src/features/notifications/api/dismiss-profile-completion';
import { markImportantAsReadMutationOptions } from '../../../../src/features/notifications/api/mark-important-as-read';
import { markNotificationReadMutationOptions } from '../../../../src/features/notifications/api/mark-notification-read';
import { markNotificationsReadMutationOptions } from '../../../../src/features/notifications/api/mark-notifications-read';
import {
  notificationKeys,
  type NotificationListParams,
} from '../../../../src/features/notifications/api/notification-keys';
import type { Notification } from '../../../../src/features/notifications/types';
import type { NotificationPage } from '../../../../src/features/notifications/utils/notification-cache';
import { installFakeServer, type FakeReply, type FakeServer } from '../../support/fake-server';
import { deferred, makeNotification } from './notification-fixtures';

const ALL: NotificationListParams = { category: 'all', priority: 'all', is_read: null, limit: 10 };
const UNREAD: NotificationListParams = { ...ALL, is_read: false };

let server: FakeServer;
let queryClient: QueryClient;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer();
  queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
});

function seed(items: Notification[], unread: number) {
  queryClient.setQueryData<NotificationPage>(notificationKeys.list(ALL), { items, total: 25 });
  queryClient.setQueryData<NotificationPage>(notificationKeys.list(UNREAD), {
    items: items.filter((n) => !n.is_read),
    total: unread,
  });
  queryClient.setQueryData(
    notificationKeys.profileCompletion(),
    items.filter((n) => n.data.missing_field),
  );
  queryClient.setQueryData(notificationKeys.stats(), { unread_notifications: unread });
}

const page = (params = ALL) => queryClient.getQueryData<NotificationPage>(notificationKeys.list(params))!;
const unreadCount = () =>
  queryClient.getQueryData<{ unread_notifications: number }>(notificationKeys.stats())?.unread_notifications;
const everything = () => queryClient.getQueriesData({ queryKey: notificationKeys.all });

/** Runs a mutation while the fake server holds its reply; returns the check-points. */
async function runHeld<TData, TVars, TContext>(
  options: MutationObserverOptions<TData, Error, TVars, TContext>,
  variables: TVars,
  method: string,
  path: string,
) {
  const gate = deferred<FakeReply>();
  server.on(method, path, () => gate.promise);
  const observer = new MutationObserver(queryClient, options);
  const done = observer.mutate(variables).then(
    () => 'ok' as const,
    () => 'failed' as const,
  );
  await vi.waitFor(() => expect(server.callsTo(method, path)).toHaveLength(1));
  return { reply: gate.resolve, done };
}

describe('optimistic notification changes', () => {
  it('mark read: sets is_read and lowers the count before the answer, puts both back on failure', async () => {
    const target = makeNotification();
    const other = makeNotification();
    seed([target, other, makeNotification({ is_read: true })], 7);
    const before = structuredClone(everything());

    const { reply, done } = await runHeld(
      markNotificationReadMutationOptions(queryClient),
      target.id,
      'PUT',
      `/notifications/${target.id}/read`,
    );
    expect(page().items.find((n) => n.id === target.id)).toMatchObject({ is_read: true });
    expect(page().items.find((n) => n.id === target.id)?.read_at).toEqual(expect.any(String));
    expect(page(UNREAD).items.find((n) => n.id === target.id)?.is_read).toBe(true);
    expect(page().items.find((n) => n.id === other.id)?.is_read).toBe(false);
    expect(unreadCount()).toBe(6);

    reply({ status: 500, body: { detail: 'nope' } });
    expect(await done).toBe('failed');
    expect(everything()).toEqual(before);
  });

  it('mark read: lowers the count only for a notification that was unread', async () => {
    const read = makeNotification({ is_read: true });
    seed([read], 3);
    const { reply, done } = await runHeld(
      markNotificationReadMutationOptions(queryClient),
      read.id,
      'PUT',
      `/notifications/${read.id}/read`,
    );
    expect(unreadCount()).toBe(3);
    reply({ status: 200, body: read });
    expect(await done).toBe('ok');
  });

  it('bulk read without ids: everything read and the count zero at once; rolled back on failure', async () => {
    seed([makeNotification(), makeNotification(), makeNotification({ is_read: true })], 12);
    const before = structuredClone(everything());

    const { reply, done } = await runHeld(
      markNotificationsReadMutationOptions(queryClient),
      {},
      'PUT',
      '/notifications/bulk/read',
    );
    expect(page().items.every((n) => n.is_read)).toBe(true);
    expect(unreadCount()).toBe(0);
    expect(server.callsTo('PUT', '/notifications/bulk/read')[0]?.body).toEqual({});

    reply({ networkError: true });
    expect(await done).toBe('failed');
    expect(everything()).toEqual(before);
  });

  it('bulk read with ids: only those, and the count lowered by the unread among them', async () => {
    const [a, b, c] = [makeNotification(), makeNotification({ is_read: true }), makeNotification()];
    seed([a!, b!, c!], 5);
    const { reply, done } = await runHeld(
      markNotificationsReadMutationOptions(queryClient),
      { notification_ids: [a!.id, b!.id] },
      'PUT',
      '/notifications/bulk/read',
    );
    expect(page().items.map((n) => n.is_read)).toEqual([true, true, false]);
    expect(unreadCount()).toBe(4);
    reply({ status: 200, body: { updated: 1 } });
    expect(await done).toBe('ok');
  });

  it('mark important read: only important ones', async () => {
    const important = makeNotification({ is_important: true });
    const normal = makeNotification();
    seed([important, normal], 2);
    const { reply, done } = await runHeld(
      markImportantAsReadMutationOptions(queryClient),
      {},
      'POST',
      '/notifications/mark-important-as-read',
    );
    expect(page().items.map((n) => n.is_read)).toEqual([true, false]);
    expect(unreadCount()).toBe(1);
    reply({ status: 200, body: { updated: 1 } });
    expect(await done).toBe('ok');
  });

  it('archive: leaves every list at once and lowers the total; comes back on failure', async () => {
    const target = makeNotification();
    seed([target, makeNotification()], 2);
    const before = structuredClone(everything());
    const { reply, done } = await runHeld(
      archiveNotificationMutationOptions(queryClient),
      target.id,
      'PUT',
      `/notifications/${target.id}/archive`,
    );
    expect(page().items.map((n) => n.id)).not.toContain(target.id);
    expect(page(UNREAD).items.map((n) => n.id)).not.toContain(target.id);
    expect(page().total).toBe(24);
    expect(unreadCount()).toBe(1);
    reply({ status: 404, body: { detail: 'Notification not found' } });
    expect(await done).toBe('failed');
    expect(everything()).toEqual(before);
  });

  it('dismiss: removes every profile-completion notification of that field, and only those', async () => {
    const vatA = makeNotification({ category: 'profile_completion', data: { missing_field: 'vat_id' } });
    const vatB = makeNotification({
      category: 'profile_completion',
      data: { missing_field: 'vat_id' },
      is_read: true,
    });
    const country = makeNotification({ category: 'profile_completion', data: { missing_field: 'country' } });
    // Not a profile-completion notification, even though its data mentions the field.
    const unrelated = makeNotification({ category: 'system', data: { missing_field: 'vat_id' } });
    seed([vatA, vatB, country, unrelated], 3);

    const { reply, done } = await runHeld(
      dismissProfileCompletionMutationOptions(queryClient),
      'vat_id',
      'POST',
      '/notifications/dismiss-profile-completion/vat_id',
    );
    expect(page().items.map((n) => n.id)).toEqual([country.id, unrelated.id]);
    expect(
      queryClient.getQueryData<Notification[]>(notificationKeys.profileCompletion())!.map((n) => n.id),
    ).toEqual([country.id, unrelated.id]);
    expect(unreadCount()).toBe(2);
    reply({ status: 200, body: { dismissed: 2 } });
    expect(await done).toBe('ok');
  });
});
