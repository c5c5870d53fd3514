import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UI_PREFERENCES_KEY } from '../../../../src/lib/ui-preferences';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, showAmountsIn, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeCampaign } from '../campaigns/campaign-fixtures';
import { makeCommission, paramsOf, recordQueryParams } from './commission-fixtures';
import { formatDate } from '../../../../src/lib/format-date';

let server: FakeServer;
const sent = recordQueryParams();

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'adv-1', role: 'advertiser' }) })
    .on('GET', '/campaigns', {
      status: 200,
      body: [makeCampaign({ id: 'c-shoes', name: 'Shoes' }), makeCampaign({ id: 'c-bags', name: 'Bags' })],
    })
    .on('GET', '/commissions/totals', { status: 200, body: [] });
  signIn();
});

const table = () => screen.findByRole('table', { name: 'Commissions' });
const lastList = () => paramsOf(sent, 'GET', '/commissions').at(-1);
const lastTotals = () => paramsOf(sent, 'GET', '/commissions/totals').at(-1);

describe('commissions filters', () => {
  it('send status, campaign, dates and paging (page size from the UI preferences); totals ignore status', async () => {
    localStorage.setItem(UI_PREFERENCES_KEY, JSON.stringify({ tablePageSize: 25 }));
    server.on('GET', '/commissions', {
      status: 200,
      body: [makeCommission()],
      headers: { 'x-total-count': '60' },
    });
    const { user, router } = renderApp('/commissions');
    await table();
    expect(lastList()).toEqual({ limit: 25, offset: 0 });
    expect(lastTotals()).toEqual({});

    await user.click(screen.getByRole('radio', { name: 'Pending' }));
    await waitFor(() => expect(lastList()).toEqual({ status: 'pending', limit: 25, offset: 0 }));

    await user.click(screen.getByRole('combobox', { name: 'Campaign' }));
    await user.click(await screen.findByRole('option', { name: 'Bags' }));
    await waitFor(() =>
      expect(lastList()).toEqual({ status: 'pending', campaign_id: 'c-bags', limit: 25, offset: 0 }),
    );
    expect(lastTotals()).toEqual({ campaign_id: 'c-bags' });

    await user.click(within(screen.getByRole('navigation', { name: 'Pages of commissions' })).getByText('2'));
    await waitFor(() => expect(lastList()).toMatchObject({ offset: 25, limit: 25 }));

    // A date range: the filter changes once both ends are picked, and paging starts over.
    await user.click(screen.getByRole('button', { name: 'Dates' }));
    const days = await screen.findAllByRole('button', { name: /^10 |^12 / });
    await user.click(days[0]!);
    expect(lastList()).not.toHaveProperty('from');
    await user.click(days[1]!);
    await waitFor(() => expect(lastList()).toHaveProperty('to'));
    const { from, to, offset } = lastList()!;
    expect(from).toMatch(/^\d{4}-\d{2}-10$/);
    expect(to).toMatch(/^\d{4}-\d{2}-12$/);
    expect(offset).toBe(0);
    expect(lastTotals()).toEqual({ campaign_id: 'c-bags', from, to });
    // all of it in the URL, where a reload finds it
    expect(router.state.location.search).toBe(
      `?status=pending&campaign_id=c-bags&from=${String(from)}&to=${String(to)}`,
    );
  });

  it('keeps its filters and page in the URL, so a reload shows the same list', async () => {
    server.on('GET', '/commissions', {
      status: 200,
      body: [makeCommission()],
      headers: { 'x-total-count': '60' },
    });
    const first = renderApp('/commissions');
    await table();
    await first.user.click(screen.getByRole('radio', { name: 'Approved' }));
    await first.user.click(
      within(screen.getByRole('navigation', { name: 'Pages of commissions' })).getByText('3'),
    );
    await waitFor(() => expect(first.router.state.location.search).toBe('?status=approved&page=3'));
    first.unmount();

    // the same address opened again, as after a reload
    sent.length = 0;
    renderApp(`/commissions${first.router.state.location.search}`);
    await table();
    await waitFor(() => expect(lastList()).toEqual({ status: 'approved', limit: 10, offset: 20 }));
    expect(screen.getByRole('radio', { name: 'Approved' })).toBeChecked();
  });
});

describe('commission totals and rows', () => {
  it('shows totals per status in each currency, never mixed, converting the others to the display currency', async () => {
    showAmountsIn('adv-1', 'EUR');
    server.on('GET', '/commissions', { status: 200, body: [] }).on('GET', '/commissions/totals', {
      status: 200,
      body: [
        { currency: 'EUR', status: 'pending', count: 2, amount_minor: 1500 },
        { currency: 'EUR', status: 'approved', count: 1, amount_minor: 100000 },
        { currency: 'DKK', status: 'pending', count: 1, amount_minor: 12345 },
      ],
    });
    renderApp('/commissions');
    const eur = await screen.findByRole('region', { name: 'Totals in EUR' });
    // a heading that reads right for whoever owes or earns them
    expect(within(eur).getByText('Commissions in EUR')).toBeInTheDocument();
    expect(within(eur).getByText('Pending · 2')).toBeInTheDocument();
    expect(within(eur).getByText('€15.00')).toBeInTheDocument();
    expect(within(eur).getByText('Approved · 1')).toBeInTheDocument();
    expect(within(eur).getByText('€1,000.00')).toBeInTheDocument();
    const dkk = screen.getByRole('region', { name: 'Totals in DKK' });
    expect(within(dkk).getByText('Pending · 1')).toBeInTheDocument();
    // No rates from the server here: the built-in ones (1 DKK = 0.85 / 6.5 EUR) convert it.
    expect(await within(dkk).findByText('€16.14')).toBeInTheDocument();
    expect(within(dkk).getByText('(converted from 123,45 kr.)')).toBeInTheDocument();
    expect(within(dkk).queryByText(/Approved/)).not.toBeInTheDocument();
    // The DKK card says its figures are shown in euros; the euro card needs no such line.
    expect(within(dkk).getByText('shown in EUR')).toBeInTheDocument();
    expect(within(eur).queryByText(/shown in/)).not.toBeInTheDocument();
    // A last card adds the currencies up in euros: 2 + 1 pending, €15.00 + €16.14.
    const all = screen.getByRole('region', { name: 'All currencies, in EUR' });
    expect(within(all).getByText('Pending · 3')).toBeInTheDocument();
    expect(within(all).getByText('€31.14')).toBeInTheDocument();
    expect(within(all).getByText('Approved · 1')).toBeInTheDocument();
    expect(within(all).getByText('€1,000.00')).toBeInTheDocument();
    expect(screen.getByText('No commissions match these filters.')).toBeInTheDocument();
  });
  it('says what each row was for: a sale with its value, a lead without a value of nothing', async () => {
    showAmountsIn('adv-1', 'EUR');
    server.on('GET', '/commissions', {
      status: 200,
      body: [
        makeCommission({ order_id: 'S-1', event: 'sale', sale_amount_minor: 2500 }),
        makeCommission({ order_id: 'L-1', event: 'lead', sale_amount_minor: 0 }),
        makeCommission({ order_id: 'L-2', event: 'lead', sale_amount_minor: 4000 }),
      ],
    });
    renderApp('/commissions');
    const rows = within(await table()).getAllByRole('row');
    const row = (order: string) => rows.find((r) => within(r).queryByText(order))!;
    expect(row('S-1')).toHaveTextContent('Sale of €25.00');
    expect(row('L-1')).toHaveTextContent(/Lead(?! of)/);
    expect(row('L-1')).not.toHaveTextContent('of €0.00');
    expect(row('L-2')).toHaveTextContent('Lead of €40.00');
  });
});

describe('deciding commissions (advertiser)', () => {
  it('bulk-approves the ticked ids and lists the ones the server did not change', async () => {
    const [a, b, c] = [
      makeCommission({ order_id: 'A-1' }),
      makeCommission({ order_id: 'B-2' }),
      makeCommission({ order_id: 'C-3', status: 'approved', auto_approve_at: null }),
    ];
    server
      .on('GET', '/commissions', { status: 200, body: [a, b, c] })
      .on('POST', '/commissions/bulk/approve', {
        status: 200,
        body: {
          updated: [{ ...a, status: 'approved' }],
          failed: [{ id: b.id, detail: 'The commission is approved, not pending' }],
        },
      });
    const { user } = renderApp('/commissions');
    const rows = await table();
    expect(within(rows).queryByRole('checkbox', { name: 'Select order C-3' })).not.toBeInTheDocument();
    const approve = screen.getByRole('button', { name: 'Approve selected' });
    expect(approve).toBeDisabled();

    await user.click(within(rows).getByRole('checkbox', { name: 'Select order A-1' }));
    await user.click(within(rows).getByRole('checkbox', { name: 'Select order B-2' }));
    expect(screen.getByText('2 commissions selected')).toBeInTheDocument();
    await user.click(approve);

    expect(await screen.findByText('1 commission not changed')).toBeInTheDocument();
    expect(screen.getByText('Shoes, order B-2: The commission is approved, not pending')).toBeInTheDocument();
    expect(server.callsTo('POST', '/commissions/bulk/approve').map((r) => r.body)).toEqual([
      { ids: [a.id, b.id] },
    ]);
    expect(await screen.findByText('Approved 1 commission.')).toBeInTheDocument();
    // The list, the totals and the selection start over from the server.
    await waitFor(() => expect(server.callsTo('GET', '/commissions').length).toBeGreaterThan(1));
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeDisabled();
  });

  it('asks for a reason before rejecting, per row and in bulk', async () => {
    const [a, b] = [makeCommission({ order_id: 'A-1' }), makeCommission({ order_id: 'B-2' })];
    let items = [a, b];
    server
      .on('GET', '/commissions', () => ({ status: 200, body: items }))
      .on('POST', `/commissions/${a.id}/reject`, () => {
        const rejected = {
          ...a,
          status: 'rejected' as const,
          reason: 'Order cancelled',
          auto_approve_at: null,
        };
        items = [rejected, b];
        return { status: 200, body: rejected };
      })
      .on('POST', '/commissions/bulk/reject', { status: 200, body: { updated: [b], failed: [] } });
    const { user } = renderApp('/commissions');
    const rows = await table();

    await user.click(within(rows).getByRole('button', { name: 'Reject order A-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject order A-1' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('A reason is required')).toBeInTheDocument();
    expect(server.callsTo('POST', `/commissions/${a.id}/reject`)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Order cancelled ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST', `/commissions/${a.id}/reject`).map((r) => r.body)).toEqual([
      { reason: 'Order cancelled' },
    ]);
    expect(within(rows).getByText('Reason: Order cancelled')).toBeInTheDocument();

    await user.click(within(rows).getByRole('checkbox', { name: 'Select order B-2' }));
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    const bulk = await screen.findByRole('dialog', { name: 'Reject 1 commission' });
    await user.click(within(bulk).getByRole('button', { name: 'Reject' }));
    expect(within(bulk).getByText('A reason is required')).toBeInTheDocument();
    await user.type(within(bulk).getByRole('textbox', { name: 'Reason' }), 'Fraud');
    await user.click(within(bulk).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/commissions/bulk/reject').map((r) => r.body)).toEqual([
        { ids: [b.id], reason: 'Fraud' },
      ]),
    );
  });

  it('reverses an approved commission with a reason and shows a refusal in the dialog', async () => {
    const approved = makeCommission({ order_id: 'R-1', status: 'approved', auto_approve_at: null });
    server
      .on('GET', '/commissions', { status: 200, body: [approved] })
      .on('POST', `/commissions/${approved.id}/reverse`, {
        status: 422,
        body: { detail: 'The commission changed meanwhile; reload and try again' },
      });
    const { user } = renderApp('/commissions');
    const rows = await table();
    expect(within(rows).queryByRole('button', { name: 'Approve order R-1' })).not.toBeInTheDocument();
    await user.click(within(rows).getByRole('button', { name: 'Reverse order R-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse order R-1' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Refunded');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse commission' }));
    expect(
      await within(dialog).findByText('The commission changed meanwhile; reload and try again'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', `/commissions/${approved.id}/reverse`)[0]?.body).toEqual({
      reason: 'Refunded',
    });
  });

  it('approves one row, says so, and drops it from the selection', async () => {
    const a = makeCommission({ order_id: 'A-1' });
    const approved = { ...a, status: 'approved' as const, auto_approve_at: null };
    let items = [a];
    server
      .on('GET', '/commissions', () => ({ status: 200, body: items }))
      .on('POST', `/commissions/${a.id}/approve`, () => {
        items = [approved];
        return { status: 200, body: approved };
      });
    const { user } = renderApp('/commissions');
    const rows = await table();
    await user.click(within(rows).getByRole('checkbox', { name: 'Select order A-1' }));
    expect(screen.getByText('1 commission selected')).toBeInTheDocument();
    await user.click(within(rows).getByRole('button', { name: 'Approve order A-1' }));
    expect(await screen.findByText('Shoes, order A-1: approved.')).toBeInTheDocument();
    expect(server.callsTo('POST', `/commissions/${a.id}/approve`)[0]?.body).toBeUndefined();
    expect(await within(rows).findByText('Approved')).toBeInTheDocument();
    expect(screen.getByText('Tick pending commissions to decide them together.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeDisabled();
  });
});

describe('publisher /commissions', () => {
  it('shows the balance and the details of each commission, without decision controls', async () => {
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'pub-1', role: 'publisher' }) })
      .on('GET', '/tracking/links', {
        status: 200,
        body: [{ campaign_id: 'c-shoes', campaign_name: 'Shoes' }],
      })
      .on('GET', '/commissions', {
        status: 200,
        body: [
          makeCommission({
            order_id: 'P-1',
            client_reported: true,
            rule: 'tier:10',
            auto_approve_at: '2025-03-31T10:00:00.000Z',
          }),
          makeCommission({ order_id: 'P-2', status: 'rejected', reason: 'Returned', auto_approve_at: null }),
        ],
      })
      .on('GET', '/commissions/balance', {
        status: 200,
        body: [{ currency: 'EUR', approved_minor: 4250, pending_minor: 1500 }],
      });
    showAmountsIn('pub-1', 'EUR');
    const { user } = renderApp('/commissions');
    const rows = await table();
    const p1 = within(rows).getByRole('row', { name: /P-1/ });
    expect(within(p1).getByText('client-reported')).toBeInTheDocument();
    expect(within(p1).getByText('Tier from 10 conversions a month')).toBeInTheDocument();
    expect(
      within(p1).getByText(`Auto-approves ${formatDate('2025-03-31T10:00:00.000Z')}`),
    ).toBeInTheDocument();
    expect(within(p1).getByText('€15.00')).toBeInTheDocument();
    expect(within(rows).getByText('Reason: Returned')).toBeInTheDocument();

    const balance = await screen.findByRole('table', { name: 'Balance per currency' });
    expect(within(balance).getByText('€42.50')).toBeInTheDocument();

    expect(within(rows).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(rows).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve selected' })).not.toBeInTheDocument();
    expect(within(rows).queryByText('Paula')).not.toBeInTheDocument();
    // A publisher's campaign filter lists the campaigns they hold links for.
    await user.click(screen.getByRole('combobox', { name: 'Campaign' }));
    expect(await screen.findByRole('option', { name: 'Shoes' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/campaigns')).toHaveLength(0);
  });
});
