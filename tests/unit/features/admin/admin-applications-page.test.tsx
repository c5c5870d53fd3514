import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Application } from '../../../../src/features/admin/api/get-admin-applications';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeAdminUser, paramsOf, recordQueryParams } from './admin-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let server: FakeServer;
const sent = recordQueryParams();

function makeApplication(overrides: Partial<Application> = {}): Application {
  return {
    id: 'app-1',
    campaign_id: 'c-1',
    publisher_id: 'pub-1',
    website_id: 'w-1',
    status: 'pending',
    message: 'We review gadgets',
    reason: null,
    tracking_code: null,
    created_at: '2025-03-01T10:00:00.000Z',
    decided_at: null,
    campaign_name: 'Summer Sale',
    website_url: 'https://gadgets.example',
    publisher_name: 'Tech Daily',
    ...overrides,
  };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'admin-1', role: 'admin' }) })
    .on('GET', '/admin/settings', { status: 403 })
    .on('GET', '/admin/users', {
      status: 200,
      body: [makeAdminUser({ id: 'pub-1', role: 'publisher', display_name: 'Tech Daily' })],
      headers: { 'x-total-count': '1' },
    });
  signIn();
});

/** Applications whose decisions change them, as the server would. */
function serveApplications(applications: Application[]) {
  const store = new Map(applications.map((a) => [a.id, { ...a }]));
  server.on('GET', '/applications', () => ({
    status: 200,
    body: [...store.values()],
    headers: { 'x-total-count': String(store.size) },
  }));
  for (const [decision, status] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
    ['suspend', 'suspended'],
  ] as const) {
    for (const id of store.keys()) {
      server.on('POST', `/applications/${id}/${decision}`, (request) => {
        const application = store.get(id)!;
        Object.assign(application, {
          status,
          reason: (request.body as { reason?: string } | undefined)?.reason ?? null,
        });
        return { status: 200, body: { ...application } };
      });
    }
  }
}

describe('admin applications', () => {
  it("lets an advertiser decide on their campaigns' applications at /applications, without the admin's publisher list", async () => {
    server.on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'adv-1', role: 'advertiser' }) });
    serveApplications([makeApplication()]);
    const { user } = renderApp('/applications');
    expect(await screen.findByRole('heading', { name: 'Applications' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Applications' });
    await user.click(within(table).getByRole('button', { name: 'Approve Tech Daily on Summer Sale' }));
    await waitFor(() => expect(within(table).getByText('Approved')).toBeInTheDocument());
    expect(server.callsTo('POST', '/applications/app-1/approve')).toHaveLength(1);
    expect(screen.queryByLabelText('Publisher')).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/admin/users')).toHaveLength(0);
  });

  it('lists every application and approves one on behalf of the advertiser', async () => {
    serveApplications([makeApplication()]);
    const { user } = renderApp('/admin-applications');
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(table).toHaveTextContent('Summer Sale');
    expect(table).toHaveTextContent('https://gadgets.example');
    await user.click(within(table).getByRole('button', { name: 'Approve Tech Daily on Summer Sale' }));
    await waitFor(() => expect(within(table).getByText('Approved')).toBeInTheDocument());
    expect(server.callsTo('POST', '/applications/app-1/approve')).toHaveLength(1);
  });

  it('needs a reason to reject', async () => {
    serveApplications([makeApplication()]);
    const { user } = renderApp('/admin-applications');
    const table = await screen.findByRole('table', { name: 'Applications' });
    await user.click(within(table).getByRole('button', { name: 'Reject Tech Daily on Summer Sale' }));
    await user.click(within(table).getByRole('button', { name: 'Confirm reject' }));
    expect(await within(table).findByText('A reason is required')).toBeInTheDocument();
    expect(server.callsTo('POST', '/applications/app-1/reject')).toHaveLength(0);

    await user.type(within(table).getByRole('textbox', { name: 'Reason' }), 'Off-topic site');
    await user.click(within(table).getByRole('button', { name: 'Confirm reject' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/applications/app-1/reject')[0]?.body).toEqual({
        reason: 'Off-topic site',
      }),
    );
    expect(await within(table).findByText('Rejected')).toBeInTheDocument();
    expect(within(table).getByText('Reason: Off-topic site')).toBeInTheDocument();
  });

  it('suspends an approved application with a reason', async () => {
    serveApplications([makeApplication({ status: 'approved', tracking_code: 'abc' })]);
    const { user } = renderApp('/admin-applications');
    const table = await screen.findByRole('table', { name: 'Applications' });
    await user.click(within(table).getByRole('button', { name: 'Suspend Tech Daily on Summer Sale' }));
    await user.type(within(table).getByRole('textbox', { name: 'Reason' }), 'Cookie stuffing');
    await user.click(within(table).getByRole('button', { name: 'Confirm suspend' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/applications/app-1/suspend')[0]?.body).toEqual({
        reason: 'Cookie stuffing',
      }),
    );
  });

  it('filters by status, search text and publisher', async () => {
    serveApplications([makeApplication()]);
    const { user } = renderApp('/admin-applications');
    await screen.findByRole('table', { name: 'Applications' });
    const last = () => paramsOf(sent, 'GET', '/applications').at(-1);
    expect(last()).toEqual({ limit: 10, offset: 0 });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await user.type(screen.getByRole('textbox', { name: 'Search applications' }), 'summer');
    await user.click(screen.getByRole('combobox', { name: 'Publisher' }));
    await user.click(await screen.findByRole('option', { name: 'Tech Daily' }));
    await waitFor(() =>
      expect(last()).toEqual({
        status: 'pending',
        search: 'summer',
        publisher_id: 'pub-1',
        limit: 10,
        offset: 0,
      }),
    );
  });
});
