import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UI_PREFERENCES_KEY } from '../../../../src/lib/ui-preferences';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, showAmountsIn, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeAdminUser, paramsOf, recordQueryParams, serveAdminUsers } from './admin-fixtures';

// Typing into several Mantine fields takes seconds in jsdom on a busy machine; the default 5 s is tight.
vi.setConfig({ testTimeout: 20_000 });

let server: FakeServer;
const sent = recordQueryParams();
const admin = makeUser({ id: 'admin-1', role: 'admin', name: 'Ada Admin' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: admin })
    .on('GET', '/admin/settings', { status: 403 });
  signIn();
});

const table = (name = 'Advertisers') => screen.findByRole('table', { name });
const rowOf = async (text: string, name?: string) =>
  within(await table(name))
    .getAllByRole('row')
    .find((row) => within(row).queryByText(text))!;
const lastListParams = () => paramsOf(sent, 'GET', '/admin/users').at(-1);

describe('admin advertisers and publishers', () => {
  it('lists the accounts of the page role from the server with the total', async () => {
    const acme = makeAdminUser({ name: 'Alice A', company_name: 'Acme Shoes', campaigns_count: 3 });
    const pending = makeAdminUser({ name: 'Bob B', company_name: 'Bobs Bags', status: 'pending' });
    server.on('GET', '/admin/users', {
      status: 200,
      body: [acme, pending],
      headers: { 'x-total-count': '2' },
    });
    renderApp('/admin-advertisers');

    const row = await rowOf('Acme Shoes');
    expect(within(row).getByText(acme.email)).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(await rowOf('Bobs Bags')).getByText('Pending approval')).toBeInTheDocument();
    expect(screen.getByText('2 advertisers')).toBeInTheDocument();
    expect(lastListParams()).toMatchObject({ role: 'advertiser', limit: 10, offset: 0 });
  });

  it('pages with the page size from the UI preferences (limit/offset)', async () => {
    localStorage.setItem(UI_PREFERENCES_KEY, JSON.stringify({ tablePageSize: 25 }));
    server.on('GET', '/admin/users', {
      status: 200,
      body: [makeAdminUser({ role: 'publisher', display_name: 'Tech Daily' })],
      headers: { 'x-total-count': '60' },
    });
    const { user } = renderApp('/admin-publishers');
    await rowOf('Tech Daily', 'Publishers');
    expect(lastListParams()).toMatchObject({ role: 'publisher', limit: 25, offset: 0 });

    const pages = screen.getByRole('navigation', { name: 'Pages of publishers' });
    await user.click(within(pages).getByRole('button', { name: '3' }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ limit: 25, offset: 50 }));
  });

  it('sends the status, country, search and sort the admin picks', async () => {
    server.on('GET', '/admin/users', {
      status: 200,
      body: [makeAdminUser({ company_name: 'Acme Shoes' })],
      headers: { 'x-total-count': '1' },
    });
    const { user } = renderApp('/admin-advertisers');
    await rowOf('Acme Shoes');
    expect(lastListParams()).not.toHaveProperty('status');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Suspended' }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ status: 'suspended' }));

    // The country is picked by name (or code) from the list, not typed as a code that may not exist.
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'swe');
    await user.click(await screen.findByRole('option', { name: 'Sweden (SE)' }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ country: 'SE' }));

    await user.type(screen.getByRole('textbox', { name: 'Search advertisers' }), 'acme');
    await waitFor(() => expect(lastListParams()).toMatchObject({ search: 'acme' }));
    // Debounced: no request for the half-typed "a", "ac", "acm".
    expect(paramsOf(sent, 'GET', '/admin/users').filter((p) => p.search && p.search !== 'acme')).toEqual([]);

    expect(lastListParams()).toMatchObject({ sort: 'created_at', order: 'desc' });
    await user.click(screen.getByRole('button', { name: /^Email/ }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ sort: 'email', order: 'asc' }));
    await user.click(screen.getByRole('button', { name: /^Email/ }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ sort: 'email', order: 'desc' }));
    expect(screen.getByRole('columnheader', { name: /^Email/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('opens the drawer with profile, campaigns and commission totals in their currency', async () => {
    const acme = makeAdminUser({ company_name: 'Acme Shoes', campaigns_count: 1, country: 'DK' });
    const backend = serveAdminUsers(server, [acme]);
    backend.setDetail(acme.id, {
      campaigns: [{ id: 'c-1', name: 'Summer Sale', status: 'active', currency: 'EUR' }],
      commission_totals: [
        { currency: 'EUR', pending_minor: 1234, approved_minor: 50000, paid_minor: 0 },
        { currency: 'DKK', pending_minor: 0, approved_minor: 123456, paid_minor: 700 },
      ],
    });
    showAmountsIn(admin.id, 'EUR');
    const { user } = renderApp('/admin-advertisers');
    await user.click(await screen.findByRole('button', { name: 'Acme Shoes' }));

    const drawer = await screen.findByRole('dialog', { name: 'Acme Shoes' });
    expect(await within(drawer).findByText('Summer Sale (EUR)')).toBeInTheDocument();
    const totals = within(drawer).getByRole('table', { name: 'Commission totals' });
    // A row a currency, in that currency; the last adds them up in the display currency (built-in rates).
    expect(within(totals).getByRole('row', { name: /^EUR/ })).toHaveTextContent('EUR€12.34€500.00€0.00');
    expect(within(totals).getByRole('row', { name: /^DKK/ })).toHaveTextContent(
      'DKK0,00 kr.1.234,56 kr.7,00 kr.',
    );
    expect(await within(totals).findByRole('row', { name: /^All, in EUR/ })).toHaveTextContent(
      'All, in EUR€12.34€661.44€0.92',
    );
    const profile = within(drawer).getByRole('table', { name: 'Profile' });
    expect(profile).toHaveTextContent('Acme Shoes');
    expect(within(profile).getByRole('row', { name: /^Country/ })).toHaveTextContent('CountryDenmark');
  });

  it('suspends only after confirmation, sends the reason and shows the new status in the row', async () => {
    const acme = makeAdminUser({ company_name: 'Acme Shoes' });
    serveAdminUsers(server, [acme]);
    const { user } = renderApp('/admin-advertisers');
    await user.click(await screen.findByRole('button', { name: 'Acme Shoes' }));
    const drawer = await screen.findByRole('dialog', { name: 'Acme Shoes' });
    await user.click(await within(drawer).findByRole('button', { name: 'Suspend' }));

    const confirm = await screen.findByRole('dialog', { name: 'Suspend Acme Shoes' });
    expect(confirm).toHaveTextContent('signed out everywhere');
    expect(confirm).toHaveTextContent('Their active campaigns are paused.');
    expect(server.callsTo('POST', `/admin/users/${acme.id}/suspend`)).toHaveLength(0);
    await user.type(within(confirm).getByRole('textbox', { name: 'Reason (optional)' }), 'Fake traffic');
    await user.click(within(confirm).getByRole('button', { name: 'Suspend account' }));

    await waitFor(() =>
      expect(server.callsTo('POST', `/admin/users/${acme.id}/suspend`)[0]?.body).toEqual({
        reason: 'Fake traffic',
      }),
    );
    await waitFor(async () => expect(await rowOf('Acme Shoes')).toHaveTextContent('Suspended'));
    expect(await within(drawer).findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
  });

  it('cancelling the suspension sends nothing', async () => {
    const acme = makeAdminUser({ company_name: 'Acme Shoes' });
    serveAdminUsers(server, [acme]);
    const { user } = renderApp('/admin-advertisers');
    await user.click(await screen.findByRole('button', { name: 'Acme Shoes' }));
    const drawer = await screen.findByRole('dialog', { name: 'Acme Shoes' });
    await user.click(await within(drawer).findByRole('button', { name: 'Suspend' }));
    const confirm = await screen.findByRole('dialog', { name: 'Suspend Acme Shoes' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Suspend Acme Shoes' })).toBeNull());
    expect(server.callsTo('POST', `/admin/users/${acme.id}/suspend`)).toHaveLength(0);
    expect(await rowOf('Acme Shoes')).toHaveTextContent('Active');
  });

  it('approves a pending account and reactivates a suspended one', async () => {
    const pending = makeAdminUser({ company_name: 'New Shop', status: 'pending' });
    const suspended = makeAdminUser({ company_name: 'Old Shop', status: 'suspended' });
    serveAdminUsers(server, [pending, suspended]);
    const { user } = renderApp('/admin-advertisers');

    await user.click(await screen.findByRole('button', { name: 'New Shop' }));
    let drawer = await screen.findByRole('dialog', { name: 'New Shop' });
    await user.click(await within(drawer).findByRole('button', { name: 'Approve' }));
    await waitFor(async () => expect(await rowOf('New Shop')).toHaveTextContent('Active'));
    expect(server.callsTo('POST', `/admin/users/${pending.id}/approve`)).toHaveLength(1);
    expect(await screen.findByText('New Shop is approved and can log in.')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    await user.click(await screen.findByRole('button', { name: 'Old Shop' }));
    drawer = await screen.findByRole('dialog', { name: 'Old Shop' });
    await user.click(await within(drawer).findByRole('button', { name: 'Reactivate' }));
    await waitFor(async () => expect(await rowOf('Old Shop')).toHaveTextContent('Active'));
    expect(server.callsTo('POST', `/admin/users/${suspended.id}/activate`)).toHaveLength(1);
  });

  it('changes a role only through the confirm dialog that names the consequences', async () => {
    const paula = makeAdminUser({ role: 'publisher', display_name: 'Tech Daily' });
    serveAdminUsers(server, [paula]);
    const { user } = renderApp('/admin-publishers');
    await user.click(await screen.findByRole('button', { name: 'Tech Daily' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tech Daily' });
    await user.click(await within(drawer).findByRole('button', { name: 'Change role' }));

    const confirm = await screen.findByRole('dialog', { name: 'Change the role of Tech Daily' });
    const submit = within(confirm).getByRole('button', { name: 'Change role' });
    expect(submit).toBeDisabled();
    await user.click(within(confirm).getByRole('combobox', { name: 'New role' }));
    await user.click(await screen.findByRole('option', { name: 'Advertiser' }));
    expect(confirm).toHaveTextContent(
      'Tech Daily becomes an advertiser and is signed out everywhere at once.',
    );
    expect(server.callsTo('POST', `/admin/users/${paula.id}/role`)).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Change role to Advertiser' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `/admin/users/${paula.id}/role`)[0]?.body).toEqual({
        role: 'advertiser',
      }),
    );
    expect(await screen.findByText('Tech Daily is now an advertiser.')).toBeInTheDocument();
  });

  it('offers no suspend or role change on the admin’s own account', async () => {
    const me = makeAdminUser({ id: admin.id, role: 'admin', name: 'Ada Admin' });
    serveAdminUsers(server, [me]);
    const { user } = renderApp('/admin-advertisers');
    await user.click(await screen.findByRole('button', { name: 'Ada Admin' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ada Admin' });
    await within(drawer).findByRole('table', { name: 'Account' });
    expect(within(drawer).queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Change role' })).toBeNull();
  });

  it('creates a user through the createUser modal, inviting by e-mail when no password is set', async () => {
    server
      .on('GET', '/admin/users', { status: 200, body: [], headers: { 'x-total-count': '0' } })
      .on('POST', '/admin/users', (request) => ({
        status: 201,
        body: makeAdminUser({ ...(request.body as object), status: 'active' }),
      }));
    const { user } = renderApp('/admin-publishers');
    await user.click(await screen.findByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create user' });
    expect(await within(dialog).findByRole('combobox', { name: 'Role' })).toHaveValue('publisher');
    expect(dialog).toHaveTextContent('we e-mail an invite with a link to set one');

    await user.click(within(dialog).getByRole('button', { name: 'Create and send invite' }));
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    expect(server.callsTo('POST', '/admin/users')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'new@pub.example');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Nina New');
    await user.click(within(dialog).getByRole('button', { name: 'Create and send invite' }));

    await waitFor(() =>
      expect(server.callsTo('POST', '/admin/users')[0]?.body).toEqual({
        email: 'new@pub.example',
        name: 'Nina New',
        role: 'publisher',
      }),
    );
    expect(
      await screen.findByText('We e-mailed new@pub.example an invite with a link to set a password.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s reason when the e-mail is taken', async () => {
    server
      .on('GET', '/admin/users', { status: 200, body: [], headers: { 'x-total-count': '0' } })
      .on('POST', '/admin/users', { status: 409, body: { detail: 'An account with this e-mail exists' } });
    const { user } = renderApp('/admin-advertisers');
    await user.click(await screen.findByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create user' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Email' }), 'taken@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Tom');
    await user.type(within(dialog).getByLabelText(/^Password/), 'long-enough-pw');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('An account with this e-mail exists')).toBeInTheDocument();
    expect(server.callsTo('POST', '/admin/users')[0]?.body).toMatchObject({ password: 'long-enough-pw' });
  });

  it('tells a non-admin the page is not for them and asks the server nothing', async () => {
    server.on('GET', '/auth/me', { status: 200, body: makeUser({ role: 'advertiser' }) });
    renderApp('/admin-advertisers');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByText('This page is for admins only')).toBeInTheDocument();
    expect(server.callsTo('GET', '/admin/users')).toHaveLength(0);
  });
});
