import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { paramsOf, recordQueryParams } from '../../support/record-query-params';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeInvoice } from './invoice-fixtures';

let server: FakeServer;
const sent = recordQueryParams();
const lastList = () => paramsOf(sent, 'GET', '/invoices').at(-1);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer();
  signIn();
});

function asAdvertiser() {
  server.on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'adv-1', role: 'advertiser' }) });
}

function asAdmin() {
  server
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'admin-1', role: 'admin' }) })
    .on('GET', '/admin/users', {
      status: 200,
      body: [{ id: 'adv-1', name: 'Alice Andersen', company_name: 'Northwind Outdoor' }],
    });
}

// rendering the whole app and driving Mantine selects takes a few seconds on a busy machine
const SLOW = 20_000;

describe('an advertiser’s invoices', () => {
  it(
    'lists invoices with status badges and totals in their own currency, linked from the sidebar',
    async () => {
      asAdvertiser();
      const issued = makeInvoice();
      const paid = makeInvoice({ status: 'paid', month: '2026-09', currency: 'USD', total_minor: 3410 });
      server.on('GET', '/invoices', { status: 200, body: [issued, paid], headers: { 'x-total-count': '2' } });
      const { user } = renderApp('/dashboard');
      await user.click(
        within(await screen.findByRole('navigation', { name: 'Billing' })).getByRole('link', {
          name: 'Invoices',
        }),
      );
      const table = await screen.findByRole('table', { name: 'Invoices' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(within(rows[0]!).getByText(issued.number)).toBeInTheDocument();
      expect(within(rows[0]!).getByText('Issued')).toBeInTheDocument();
      expect(within(rows[0]!).getByText('€1,358.02')).toBeInTheDocument();
      expect(within(rows[0]!).getByText('October 2026')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('Paid')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('$34.10')).toBeInTheDocument();
      expect(screen.getByText('2 invoices')).toBeInTheDocument();
      // advertisers never see drafts, nor the admin's tools
      expect(screen.queryByRole('button', { name: 'Generate invoices' })).not.toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: 'Advertiser' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('combobox', { name: 'Status' }));
      expect(screen.queryByRole('option', { name: 'Draft' })).not.toBeInTheDocument();
      await user.click(await screen.findByRole('option', { name: 'Paid' }));
      await waitFor(() => expect(lastList()).toEqual({ status: 'paid', limit: 10, offset: 0 }));
    },
    SLOW,
  );

  it(
    'says so when there is nothing yet',
    async () => {
      asAdvertiser();
      server.on('GET', '/invoices', { status: 200, body: [], headers: { 'x-total-count': '0' } });
      renderApp('/invoices');
      expect(await screen.findByText(/No invoices yet/)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'opens the detail from ?id= with lines, fee and total, and downloads the PDF with the token',
    async () => {
      asAdvertiser();
      const invoice = makeInvoice();
      server
        .on('GET', '/invoices', { status: 200, body: [invoice], headers: { 'x-total-count': '1' } })
        .on('GET', `/invoices/${invoice.id}`, { status: 200, body: invoice })
        .on('GET', `/invoices/${invoice.id}/pdf`, { status: 200, body: '%PDF-1.3' });
      const createObjectURL = vi.fn(() => 'blob:invoice');
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      const clicked: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this.download);
      });

      const { user } = renderApp(`/invoices?id=${invoice.id}`);
      const drawer = await screen.findByRole('dialog', { name: 'Invoice' });
      const lines = await within(drawer).findByRole('table', { name: 'Invoice lines' });
      expect(within(lines).getByText('Boots')).toBeInTheDocument();
      expect(within(lines).getByText('€1,000.00')).toBeInTheDocument();
      expect(within(lines).getByText('Platform fee (10%)')).toBeInTheDocument();
      expect(within(lines).getByText('€123.46')).toBeInTheDocument();
      expect(within(lines).getByText('€1,358.02')).toBeInTheDocument();
      expect(within(drawer).getByText(/Northwind Outdoor/)).toBeInTheDocument();
      expect(within(drawer).queryByRole('button', { name: 'Issue' })).not.toBeInTheDocument();

      await user.click(within(drawer).getByRole('button', { name: 'Download PDF' }));
      await waitFor(() => expect(clicked).toEqual([`${invoice.number}.pdf`]));
      const call = server.callsTo('GET', `/invoices/${invoice.id}/pdf`).at(-1)!;
      expect(call.headers.get('Authorization')).toBe('Bearer test-token');
    },
    SLOW,
  );

  it('tells a publisher the page is not theirs without asking the server, and where their payouts are', async () => {
    server.on('GET', '/auth/me', { status: 200, body: makeUser({ role: 'publisher' }) });
    const { router, user } = renderApp('/invoices');
    expect(await screen.findByText(/Invoices bill advertisers/)).toBeInTheDocument();
    expect(server.callsTo('GET', '/invoices')).toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'Go to commissions and payouts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/commissions'));
  });
});

describe('an admin’s invoices', () => {
  it(
    'issues a draft after a confirmation and shows the new status',
    async () => {
      asAdmin();
      const draft = makeInvoice({ status: 'draft', issued_at: null, due_at: null });
      const issued = { ...draft, status: 'issued' as const, issued_at: '2026-11-23T10:00:00.000Z' };
      server
        .on('GET', '/invoices', { status: 200, body: [draft], headers: { 'x-total-count': '1' } })
        .on('GET', `/invoices/${draft.id}`, { status: 200, body: draft })
        .on('POST', `/invoices/${draft.id}/issue`, { status: 200, body: issued });
      const { user } = renderApp('/invoices');
      const table = await screen.findByRole('table', { name: 'Invoices' });
      expect(within(table).getByText('Draft')).toBeInTheDocument();
      expect(within(table).getByText('Northwind Outdoor')).toBeInTheDocument();
      await user.click(within(table).getByRole('button', { name: draft.number }));
      const drawer = await screen.findByRole('dialog', { name: 'Invoice' });
      await user.click(await within(drawer).findByRole('button', { name: 'Issue' }));
      const confirm = await screen.findByRole('dialog', { name: 'Issue invoice' });
      expect(within(confirm).getByText(/becomes due in 30 days/)).toBeInTheDocument();
      expect(server.callsTo('POST', `/invoices/${draft.id}/issue`)).toHaveLength(0);
      await user.click(within(confirm).getByRole('button', { name: 'Issue' }));
      await waitFor(() => expect(server.callsTo('POST', `/invoices/${draft.id}/issue`)).toHaveLength(1));
      expect(
        await screen.findByText(`${draft.number} issued; the advertiser has been notified.`),
      ).toBeInTheDocument();
      await waitFor(() =>
        expect(within(drawer).getByRole('button', { name: 'Mark paid' })).toBeInTheDocument(),
      );
    },
    SLOW,
  );

  it(
    'shows why a refused step failed inside the confirmation',
    async () => {
      asAdmin();
      const invoice = makeInvoice();
      server
        .on('GET', '/invoices', { status: 200, body: [invoice], headers: { 'x-total-count': '1' } })
        .on('GET', `/invoices/${invoice.id}`, { status: 200, body: invoice })
        .on('POST', `/invoices/${invoice.id}/void`, {
          status: 409,
          body: { detail: 'The invoice is paid; only a draft or issued invoice can be voided' },
        });
      const { user } = renderApp(`/invoices?id=${invoice.id}`);
      const drawer = await screen.findByRole('dialog', { name: 'Invoice' });
      await user.click(await within(drawer).findByRole('button', { name: 'Void' }));
      const confirm = await screen.findByRole('dialog', { name: 'Void invoice' });
      await user.click(within(confirm).getByRole('button', { name: 'Void' }));
      expect(await within(confirm).findByText(/The invoice is paid/)).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'generates a month’s drafts for one advertiser and filters the list by advertiser',
    async () => {
      asAdmin();
      server
        .on('GET', '/invoices', { status: 200, body: [], headers: { 'x-total-count': '0' } })
        .on('POST', '/invoices/generate', { status: 200, body: [makeInvoice({ status: 'draft' })] });
      const { user } = renderApp('/invoices');
      expect(await screen.findByText(/No invoices yet/)).toBeInTheDocument();

      await user.click(screen.getByRole('combobox', { name: 'Advertiser' }));
      await user.click(await screen.findByRole('option', { name: 'Northwind Outdoor (Alice Andersen)' }));
      await waitFor(() => expect(lastList()).toMatchObject({ advertiser_id: 'adv-1' }));

      await user.click(screen.getByRole('button', { name: 'Generate invoices' }));
      const modal = await screen.findByRole('dialog', { name: 'Generate invoices' });
      await user.click(within(modal).getByRole('combobox', { name: 'Advertiser' }));
      await user.click(await screen.findByRole('option', { name: 'Northwind Outdoor (Alice Andersen)' }));
      await user.click(within(modal).getByRole('button', { name: 'Generate drafts' }));
      await waitFor(() => expect(server.callsTo('POST', '/invoices/generate')).toHaveLength(1));
      const body = server.callsTo('POST', '/invoices/generate')[0]!.body as {
        month: string;
        advertiser_id: string;
      };
      expect(body.advertiser_id).toBe('adv-1');
      expect(body.month).toMatch(/^\d{4}-\d{2}$/);
      expect(body.month < new Date().toISOString().slice(0, 7)).toBe(true);
      expect(await screen.findByText(/1 draft invoice for/)).toBeInTheDocument();
    },
    SLOW,
  );
});
