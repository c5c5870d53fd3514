import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../../src/features/admin/types';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { paramsOf, recordQueryParams } from './admin-fixtures';
import { formatDateTime } from '../../../../src/lib/format-date';

vi.setConfig({ testTimeout: 20_000 });

let server: FakeServer;
const sent = recordQueryParams();

const suspension: AuditEntry = {
  id: 'a-1',
  actor_id: 'admin-1',
  actor_email: 'admin@affilio.test',
  actor_name: 'admin@affilio.test',
  action: 'user.suspended',
  action_text: 'suspended',
  summary: 'admin@affilio.test suspended user-9',
  entity_label: null,
  entity_url: null,
  context_label: null,
  context_url: null,
  entity_type: 'user',
  entity_id: 'user-9',
  before: { status: 'active' },
  after: { status: 'suspended', reason: 'Fake traffic' },
  created_at: '2025-03-04T09:15:00.000Z',
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'admin-1', role: 'admin' }) })
    .on('GET', '/admin/settings', { status: 403 })
    .on('GET', '/admin/audit-log/actions', { status: 200, body: ['settings.updated', 'user.suspended'] });
  signIn('admin-token');
});

async function pick(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const lastParams = () => paramsOf(sent, 'GET', '/admin/audit-log').at(-1);

describe('audit log', () => {
  it('lists who did what and when, with the before/after JSON behind a toggle', async () => {
    server.on('GET', '/admin/audit-log', {
      status: 200,
      body: [suspension],
      headers: { 'x-total-count': '1' },
    });
    const { user } = renderApp('/admin-audit-log');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('admin@affilio.test');
    expect(row).toHaveTextContent('user.suspended');
    expect(row).toHaveTextContent(formatDateTime('2025-03-04T09:15:00.000Z'));
    expect(within(table).queryByLabelText('After')).toBeNull();

    const toggle = within(row).getByRole('button', { name: 'Show changes of user.suspended' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(table).getByLabelText('After')).toHaveTextContent('"reason": "Fake traffic"');
    expect(within(table).getByLabelText('Before')).toHaveTextContent('"status": "active"');
  });

  it('reads each entry as a sentence with links to the object and what it belongs to', async () => {
    const approval: AuditEntry = {
      ...suspension,
      id: 'a-2',
      actor_id: 'adv-1',
      actor_email: 'alice@shop.test',
      actor_name: 'Alice',
      action: 'commission.approved',
      action_text: 'approved',
      summary: 'Alice approved commission of order A-1 on Northwind Journal',
      entity_type: 'commission',
      entity_id: 'c-1',
      entity_label: 'commission of order A-1',
      entity_url: '/commissions?campaign_id=camp-1',
      context_label: 'Northwind Journal',
      context_url: '/campaigns?campaign=camp-1',
    };
    server.on('GET', '/admin/audit-log', {
      status: 200,
      body: [approval],
      headers: { 'x-total-count': '1' },
    });
    renderApp('/admin-audit-log');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Alice');
    expect(within(row).getByLabelText(approval.summary)).toHaveTextContent(
      'approved commission of order A-1 on Northwind Journal',
    );
    expect(within(row).getByRole('link', { name: 'commission of order A-1' })).toHaveAttribute(
      'href',
      '/commissions?campaign_id=camp-1',
    );
    expect(within(row).getByRole('link', { name: 'Northwind Journal' })).toHaveAttribute(
      'href',
      '/campaigns?campaign=camp-1',
    );
    // the raw action stays available
    expect(row).toHaveTextContent('commission.approved');
  });

  it('sends the filters and pages with limit/offset', async () => {
    server.on('GET', '/admin/audit-log', {
      status: 200,
      body: [suspension],
      headers: { 'x-total-count': '31' },
    });
    const { user } = renderApp('/admin-audit-log');
    await screen.findByRole('table', { name: 'Audit log' });
    expect(lastParams()).toEqual({ limit: 10, offset: 0 });

    await pick(user, 'Action', 'user.suspended');
    await pick(user, 'Entity type', 'user');
    await user.type(screen.getByLabelText('From'), '2025-03-01');
    await user.type(screen.getByLabelText('To'), '2025-03-31');
    await waitFor(() =>
      expect(lastParams()).toEqual({
        action: 'user.suspended',
        entity_type: 'user',
        from: '2025-03-01T00:00:00.000Z',
        to: '2025-03-31T23:59:59.999Z',
        limit: 10,
        offset: 0,
      }),
    );

    const pages = screen.getByRole('navigation', { name: 'Pages of the audit log' });
    await user.click(within(pages).getByRole('button', { name: '4' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ action: 'user.suspended', offset: 30 }));
  });

  it('exports CSV with the current filters and the bearer token, as a file download', async () => {
    server.on('GET', '/admin/audit-log', {
      status: 200,
      body: [suspension],
      headers: { 'x-total-count': '1' },
    });
    const createObjectURL = vi.fn(() => 'blob:audit');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    const { user } = renderApp('/admin-audit-log');
    await screen.findByRole('table', { name: 'Audit log' });
    await pick(user, 'Action', 'settings.updated');
    await waitFor(() => expect(lastParams()).toMatchObject({ action: 'settings.updated' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:audit', download: 'audit-log.csv' }]));
    expect(lastParams()).toEqual({ action: 'settings.updated', format: 'csv' });
    const exportCall = server.callsTo('GET', '/admin/audit-log').at(-1)!;
    expect(exportCall.headers.get('Authorization')).toBe('Bearer admin-token');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:audit'));
  });

  it('is not for non-admins', async () => {
    server.on('GET', '/auth/me', { status: 200, body: makeUser({ role: 'publisher' }) });
    renderApp('/admin-audit-log');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/admin/audit-log')).toHaveLength(0);
  });

  it('is linked from the admin sidebar, outside the spec quick actions', async () => {
    server.on('GET', '/admin/audit-log', { status: 200, body: [], headers: { 'x-total-count': '0' } });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/admin-audit-log');
    const quick = screen.getByRole('navigation', { name: 'Quick actions' });
    expect(within(quick).queryByRole('link', { name: 'Audit log' })).toBeNull();
  });
});
