import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Application } from '../../../../src/features/admin/api/get-admin-applications';
import type { AuditEntry } from '../../../../src/features/admin/types';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, showAmountsIn, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeAdminUser, serveAdminUsers } from './admin-fixtures';

vi.setConfig({ testTimeout: 30_000 });

// The admin pages for an admin whose profile language is Danish (issue #45).
let server: FakeServer;
const admin = makeUser({ id: 'admin-1', role: 'admin', name: 'Ada Admin', language: 'da' });

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: admin })
    .on('GET', '/admin/settings', { status: 403 });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

const long = { timeout: 15_000 };

describe('the admin’s account pages in Danish', () => {
  it('lists advertisers with Danish columns, statuses, filters and count', async () => {
    serveAdminUsers(server, [
      makeAdminUser({ company_name: 'Acme Shoes', campaigns_count: 3 }),
      makeAdminUser({ company_name: 'Bobs Bags', status: 'pending' }),
    ]);
    renderApp('/admin-advertisers');
    const table = await screen.findByRole('table', { name: 'Annoncører' }, long);
    for (const heading of [/^Navn/, /^E-mail/, 'Land', /^Status/, 'Kampagner', /^Oprettet/]) {
      expect(within(table).getByRole('columnheader', { name: heading })).toBeInTheDocument();
    }
    const pending = within(table)
      .getAllByRole('row')
      .find((row) => within(row).queryByText('Bobs Bags'))!;
    expect(pending).toHaveTextContent('Afventer godkendelse');
    expect(screen.getByText('2 annoncører')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Søg i annoncører' })).toHaveAttribute(
      'placeholder',
      'Navn, e-mail eller firma',
    );
    expect(screen.getByRole('combobox', { name: 'Land' })).toBeInTheDocument();
  });

  it('shows the account drawer and the suspension in Danish', async () => {
    const acme = makeAdminUser({ company_name: 'Acme Shoes', country: 'DK' });
    const backend = serveAdminUsers(server, [acme]);
    backend.setDetail(acme.id, {
      campaigns: [{ id: 'c-1', name: 'Sommerudsalg', status: 'active', currency: 'EUR' }],
      commission_totals: [
        { currency: 'EUR', pending_minor: 1234, approved_minor: 50000, paid_minor: 0 },
        { currency: 'DKK', pending_minor: 0, approved_minor: 123456, paid_minor: 700 },
      ],
    });
    showAmountsIn(admin.id, 'EUR');
    const { user } = renderApp('/admin-advertisers');
    await user.click(await screen.findByRole('button', { name: 'Acme Shoes' }, long));
    const drawer = await screen.findByRole('dialog', { name: 'Acme Shoes' });
    const account = await within(drawer).findByRole('table', { name: 'Konto' });
    expect(within(account).getByRole('row', { name: /^Rolle/ })).toHaveTextContent('RolleAnnoncør');
    expect(within(account).getByRole('row', { name: /^Status/ })).toHaveTextContent('Aktiv');
    expect(within(account).getByRole('row', { name: /^Opstart/ })).toHaveTextContent('Gennemført');
    expect(await within(drawer).findByText('Sommerudsalg (EUR)')).toBeInTheDocument();
    expect(within(drawer).getByRole('list', { name: 'Kampagner' })).toHaveTextContent('Aktiv');
    const totals = within(drawer).getByRole('table', { name: 'Provision i alt' });
    expect(within(totals).getByRole('columnheader', { name: 'Afventer' })).toBeInTheDocument();
    expect(await within(totals).findByRole('row', { name: /^Alt, i EUR/ })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Suspendér' }));
    const confirm = await screen.findByRole('dialog', { name: 'Suspendér Acme Shoes' });
    expect(confirm).toHaveTextContent('logget ud overalt');
    expect(confirm).toHaveTextContent('Annoncørens aktive kampagner sættes på pause.');
    await user.click(within(confirm).getByRole('button', { name: 'Suspendér konto' }));
    expect(await screen.findByText('Acme Shoes er suspenderet.')).toBeInTheDocument();
  });

  it('asks for the new user in Danish, with Danish validation', async () => {
    server.on('GET', '/admin/users', { status: 200, body: [], headers: { 'x-total-count': '0' } });
    const { user } = renderApp('/admin-publishers');
    expect(await screen.findByText('Ingen udgivere passer.', {}, long)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opret bruger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opret bruger' });
    expect(await within(dialog).findByRole('combobox', { name: 'Rolle' })).toHaveDisplayValue('Udgiver');
    expect(dialog).toHaveTextContent('vi sender en invitation');
    await user.click(within(dialog).getByRole('button', { name: 'Opret og send invitation' }));
    expect(await within(dialog).findByText('E-mail skal udfyldes')).toBeInTheDocument();
    expect(server.callsTo('POST', '/admin/users')).toHaveLength(0);
  });
});

const application: Application = {
  id: 'app-1',
  campaign_id: 'c-1',
  publisher_id: 'pub-1',
  website_id: 'w-1',
  status: 'pending',
  message: '',
  reason: null,
  tracking_code: null,
  created_at: '2025-03-01T10:00:00.000Z',
  decided_at: null,
  campaign_name: 'Sommerudsalg',
  website_url: 'https://gadgets.example',
  publisher_name: 'Tech Daily',
};

describe('applications and the audit log in Danish', () => {
  it('decides on applications with Danish buttons, statuses and reason prompt', async () => {
    server
      .on('GET', '/admin/users', { status: 200, body: [], headers: { 'x-total-count': '0' } })
      .on('GET', '/applications', {
        status: 200,
        body: [application, { ...application, id: 'app-2', status: 'rejected', reason: 'Off-topic' }],
        headers: { 'x-total-count': '2' },
      });
    const { user } = renderApp('/admin-applications');
    const table = await screen.findByRole('table', { name: 'Ansøgninger' }, long);
    expect(within(table).getByRole('columnheader', { name: 'Ansøgt' })).toBeInTheDocument();
    expect(within(table).getByText('Afvist')).toBeInTheDocument();
    expect(within(table).getByText('Begrundelse: Off-topic')).toBeInTheDocument();
    expect(screen.getByText('2 ansøgninger')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Afvis Tech Daily på Sommerudsalg' }));
    expect(await within(table).findByRole('button', { name: 'Bekræft afvisning' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Udgiver' })).toBeInTheDocument();
  });

  it('shows the entries the server worded in Danish, linked, with Danish controls', async () => {
    const entry: AuditEntry = {
      id: 'a-1',
      actor_id: 'adv-1',
      actor_email: 'alice@shop.test',
      actor_name: 'Alice',
      action: 'commission.approved',
      action_text: 'godkendte',
      summary: 'Alice godkendte provisionen for ordre A-1 på Northwind Journal',
      entity_label: 'provisionen for ordre A-1',
      entity_url: '/commissions?campaign_id=camp-1',
      context_label: 'Northwind Journal',
      context_url: '/campaigns?campaign=camp-1',
      entity_type: 'commission',
      entity_id: 'c-1',
      before: { status: 'pending' },
      after: { status: 'approved' },
      created_at: '2025-03-04T09:15:00.000Z',
    };
    server
      .on('GET', '/admin/audit-log/actions', { status: 200, body: ['commission.approved'] })
      .on('GET', '/admin/audit-log', { status: 200, body: [entry], headers: { 'x-total-count': '1' } });
    const { user } = renderApp('/admin-audit-log');
    const table = await screen.findByRole('table', { name: 'Revisionslog' }, long);
    expect(within(table).getByRole('columnheader', { name: 'Hvad skete der' })).toBeInTheDocument();
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByLabelText(entry.summary)).toHaveTextContent(
      'godkendte provisionen for ordre A-1 på Northwind Journal',
    );
    expect(within(row).getByRole('link', { name: 'provisionen for ordre A-1' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Vis ændringer for commission.approved' }));
    await waitFor(() => expect(within(table).getByLabelText('Efter')).toHaveTextContent('"approved"'));
    expect(screen.getByRole('combobox', { name: 'Handling' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eksportér CSV' })).toBeInTheDocument();
    expect(screen.getByText('1 post')).toBeInTheDocument();
  });
});
