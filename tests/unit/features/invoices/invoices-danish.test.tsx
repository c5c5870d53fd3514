import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeInvoice } from './invoice-fixtures';

vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'admin-1', role: 'admin', language: 'da' }) })
    .on('GET', '/admin/users', {
      status: 200,
      body: [{ id: 'adv-1', name: 'Alice Andersen', company_name: 'Northwind Outdoor' }],
    });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('an admin’s invoices in Danish', () => {
  it('names the list, statuses, detail lines and next steps in Danish', async () => {
    const draft = makeInvoice({ status: 'draft', issued_at: null, due_at: null, fee_bps: 1250 });
    server
      .on('GET', '/invoices', { status: 200, body: [draft], headers: { 'x-total-count': '1' } })
      .on('GET', `/invoices/${draft.id}`, { status: 200, body: draft });
    const { user } = renderApp(`/invoices?id=${draft.id}`);
    const drawer = await screen.findByRole('dialog', { name: 'Faktura' }, { timeout: 15_000 });
    const lines = await within(drawer).findByRole('table', { name: 'Fakturalinjer' });
    expect(within(lines).getByRole('columnheader', { name: 'Kampagne' })).toBeInTheDocument();
    expect(within(lines).getByText('Platformsgebyr (12,5%)')).toBeInTheDocument();
    expect(
      within(drawer).getByText('En kladde: annoncøren ser den, når den er udstedt.'),
    ).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Udsted' }));
    const confirm = await screen.findByRole('dialog', { name: 'Udsted faktura' });
    expect(within(confirm).getByRole('button', { name: 'Annuller' })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Annuller' }));

    const table = screen.getByRole('table', { name: 'Fakturaer', hidden: true });
    expect(within(table).getByText('Kladde')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dan fakturaer', hidden: true })).toBeInTheDocument();
    expect(screen.getByText('1 faktura')).toBeInTheDocument();
  });
});
