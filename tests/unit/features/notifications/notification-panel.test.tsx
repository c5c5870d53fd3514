import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATS_REFETCH_MS } from '../../../../src/features/notifications/api/get-notification-stats';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeNotification, notificationsBackend, recordParams } from './notification-fixtures';

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer().on('GET', '/auth/me', {
    status: 200,
    body: makeUser({ id: 'pub-1', role: 'publisher' }),
  });
  signIn();
});

const bell = (name: string | RegExp = /^Notifications/) => screen.findByRole('button', { name });
const panel = () => screen.findByRole('dialog', { name: 'Notifications' });
const item = async (name: string | RegExp) =>
  within(await screen.findByRole('list', { name: 'Notification list' })).findByRole('listitem', { name });

async function openPanel(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await bell());
  return panel();
}

describe('notification bell and panel', () => {
  it('shows the unread count in the header and toggles the panel', async () => {
    notificationsBackend(server, [
      makeNotification({ title: 'Approved: Shoes' }),
      makeNotification({ title: 'Approved: Bags' }),
      makeNotification({ title: 'Old news', is_read: true }),
    ]);
    const { user } = renderApp('/dashboard');

    const button = await bell('Notifications (2 unread)');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    await user.click(button);
    expect(await item('Approved: Shoes (unread)')).toBeInTheDocument();
    expect(await item('Old news')).toBeInTheDocument();
    await user.click(button);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
  });

  it('asks for 10 and leaves out "all" filters and a null read state, then sends the chosen ones', async () => {
    const params = recordParams();
    notificationsBackend(server, [makeNotification()]);
    const { user } = renderApp('/dashboard');
    const dialog = await openPanel(user);
    await item(/Notification/);
    const lists = () => params.filter((p) => p.path === '/notifications/').map((p) => p.params);
    expect(lists()[0]).toEqual({ limit: 10 });

    await user.selectOptions(within(dialog).getByLabelText('Category'), 'profile_completion');
    await user.selectOptions(within(dialog).getByLabelText('Priority'), 'high');
    await user.click(within(dialog).getByRole('radio', { name: 'Unread' }));
    await waitFor(() =>
      expect(lists().at(-1)).toEqual({
        limit: 10,
        category: 'profile_completion',
        priority: 'high',
        is_read: 'false',
      }),
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Read' }));
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ is_read: 'true' }));
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'all');
    await user.click(within(dialog).getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(lists().at(-1)).toEqual({ limit: 10, priority: 'high' }));
  });

  it('shows 10 at a time and 10 more on "Show more"', async () => {
    const params = recordParams();
    const rows = Array.from({ length: 12 }, (_, i) => makeNotification({ title: `Sale ${i + 1}` }));
    notificationsBackend(server, rows);
    // the server's paging: `limit` of them, and the count of all
    server.on('GET', '/notifications/', () => {
      const limit = Number(params.filter((p) => p.path === '/notifications/').at(-1)?.params.limit);
      return { status: 200, body: rows.slice(0, limit), headers: { 'x-total-count': '12' } };
    });
    const { user } = renderApp('/dashboard');
    const dialog = await openPanel(user);
    await item('Sale 10 (unread)');
    const list = within(dialog).getByRole('list', { name: 'Notification list' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(dialog).getByText('Showing the latest 10 of 12.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Show more' }));
    expect(await item('Sale 12 (unread)')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('marks one read at once and keeps it read when the server agrees', async () => {
    const backend = notificationsBackend(server, [
      makeNotification({ title: 'Approved: Shoes' }),
      makeNotification({ title: 'Approved: Bags' }),
    ]);
    const { user } = renderApp('/dashboard');
    await openPanel(user);
    await item('Approved: Shoes (unread)');
    const release = backend.holdWrites();

    await user.click(screen.getByRole('button', { name: 'Mark read: Approved: Shoes' }));
    // Before the server has answered:
    expect(await item('Approved: Shoes')).toBeInTheDocument();
    expect(await bell('Notifications (1 unread)')).toBeInTheDocument();

    act(() => release(null));
    await waitFor(() =>
      expect(backend.rows().find((n) => n.title === 'Approved: Shoes')?.is_read).toBe(true),
    );
    expect(await bell('Notifications (1 unread)')).toBeInTheDocument();
    expect(await item('Approved: Shoes')).toBeInTheDocument();
  });

  it('undoes the optimistic read and says so when the server refuses', async () => {
    const backend = notificationsBackend(server, [makeNotification({ title: 'Approved: Shoes' })]);
    const { user } = renderApp('/dashboard');
    await openPanel(user);
    await item('Approved: Shoes (unread)');
    const release = backend.holdWrites();

    await user.click(screen.getByRole('button', { name: 'Mark read: Approved: Shoes' }));
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(await item('Approved: Shoes')).toBeInTheDocument();

    act(() => release({ status: 500, body: { detail: 'Database is on fire' } }));
    expect(await bell('Notifications (1 unread)')).toBeInTheDocument();
    expect(await item('Approved: Shoes (unread)')).toBeInTheDocument();
    expect(await screen.findByText('Database is on fire')).toBeInTheDocument();
  });

  it('marks all read at once, and rolls back when the bulk call fails', async () => {
    const backend = notificationsBackend(server, [
      makeNotification({ title: 'One' }),
      makeNotification({ title: 'Two' }),
      makeNotification({ title: 'Three', is_read: true }),
    ]);
    const { user } = renderApp('/dashboard');
    const dialog = await openPanel(user);
    await item('One (unread)');

    let release = backend.holdWrites();
    await user.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(await item('One')).toBeInTheDocument();
    expect(await item('Two')).toBeInTheDocument();
    act(() => release({ status: 503, body: { detail: 'Try again later' } }));
    expect(await bell('Notifications (2 unread)')).toBeInTheDocument();
    expect(await item('One (unread)')).toBeInTheDocument();
    expect(await item('Two (unread)')).toBeInTheDocument();

    backend.recover();
    release = backend.holdWrites();
    await user.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    act(() => release(null));
    await waitFor(() => expect(backend.rows().every((n) => n.is_read)).toBe(true));
    // No ids: the server marks every unread notification of the user, not just the listed ones.
    expect(server.callsTo('PUT', '/notifications/bulk/read').at(-1)?.body).toEqual({});
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('removes archived and deleted notifications from the list', async () => {
    notificationsBackend(server, [
      makeNotification({ title: 'Keep me' }),
      makeNotification({ title: 'Archive me' }),
      makeNotification({ title: 'Delete me', is_read: true }),
    ]);
    const { user } = renderApp('/dashboard');
    await openPanel(user);
    await item('Archive me (unread)');

    await user.click(screen.getByRole('button', { name: 'Archive: Archive me' }));
    await user.click(screen.getByRole('button', { name: 'Delete: Delete me' }));

    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: /Archive me/ })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('listitem', { name: /Delete me/ })).not.toBeInTheDocument();
    expect(await item('Keep me (unread)')).toBeInTheDocument();
    expect(await bell('Notifications (1 unread)')).toBeInTheDocument();
  });

  it('dismisses every profile-completion reminder for the same field', async () => {
    const vatA = makeNotification({
      category: 'profile_completion',
      title: 'Add your VAT id',
      data: { missing_field: 'vat_id' },
    });
    const vatB = makeNotification({
      category: 'profile_completion',
      title: 'Invoices need a VAT id',
      data: { missing_field: 'vat_id' },
    });
    const country = makeNotification({
      category: 'profile_completion',
      title: 'Add your country',
      data: { missing_field: 'country' },
    });
    const other = makeNotification({ title: 'Approved: Shoes' });
    notificationsBackend(server, [vatA, vatB, country, other]);
    const { user } = renderApp('/dashboard');
    await openPanel(user);
    await item('Add your VAT id (unread)');
    // Only profile-completion items can be dismissed.
    expect(screen.queryByRole('button', { name: 'Dismiss: Approved: Shoes' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dismiss: Add your VAT id' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: /VAT id/ })).not.toBeInTheDocument());
    expect(await item('Add your country (unread)')).toBeInTheDocument();
    expect(await item('Approved: Shoes (unread)')).toBeInTheDocument();
    expect(server.callsTo('POST', '/notifications/dismiss-profile-completion/vat_id')).toHaveLength(1);
    expect(await bell('Notifications (2 unread)')).toBeInTheDocument();
  });

  it('follows a notification link in-app, marking it read and closing the panel', async () => {
    const approved = makeNotification({ title: 'Approved: Shoes', link: '/applications' });
    notificationsBackend(server, [approved]);
    server.on('GET', '/applications', { status: 200, body: [] });
    const { user, router } = renderApp('/dashboard');
    await openPanel(user);

    await user.click(await screen.findByRole('link', { name: 'Approved: Shoes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/applications'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('PUT', `/notifications/${approved.id}/read`)).toHaveLength(1));
  });

  describe('badge freshness', () => {
    afterEach(() => {
      vi.useRealTimers();
      Reflect.deleteProperty(navigator, 'serviceWorker');
    });

    it('refetches the unread count every 30 seconds', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const backend = notificationsBackend(server, [makeNotification()]);
      renderApp('/dashboard');
      expect(await bell('Notifications (1 unread)')).toBeInTheDocument();

      backend.rows().push(makeNotification({ title: 'Arrived meanwhile' }));
      await act(() => vi.advanceTimersByTimeAsync(STATS_REFETCH_MS - 1000));
      expect(screen.getByRole('button', { name: 'Notifications (1 unread)' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(await bell('Notifications (2 unread)')).toBeInTheDocument();
    });

    it('refetches at once when the service worker reports a push', async () => {
      const worker = new EventTarget();
      Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
      const backend = notificationsBackend(server, [makeNotification()]);
      renderApp('/dashboard');
      expect(await bell('Notifications (1 unread)')).toBeInTheDocument();

      backend.rows().push(makeNotification({ title: 'Pushed' }));
      worker.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.getByRole('button', { name: 'Notifications (1 unread)' })).toBeInTheDocument();

      worker.dispatchEvent(
        new MessageEvent('message', { data: { type: 'push-received', notification_id: 'x' } }),
      );
      expect(await bell('Notifications (2 unread)')).toBeInTheDocument();
    });
  });
});
