import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makePayout, paramsOf, recordQueryParams } from './payout-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let server: FakeServer;
const sent = recordQueryParams();
const lastList = () =>
  paramsOf(sent, 'GET', '/payouts')
    .filter((p) => p.format !== 'csv')
    .at(-1);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'admin-1', role: 'admin' }) })
    .on('GET', '/admin/users', {
      status: 200,
      body: [
        makeUser({ id: 'pub-1', name: 'Paula Pereira', email: 'paula@publisher.test', role: 'publisher' }),
      ],
    });
  signIn('admin-token');
});

// the first render loads the lazy route: give it longer than findBy's default second on a busy machine
const queue = () => screen.findByRole('table', { name: 'Payout queue' }, { timeout: 10_000 });

describe('the admin payout queue', () => {
  it('starts on the open payouts and sends status, publisher, currency, dates and paging; exports CSV', async () => {
    server.on('GET', '/payouts', { status: 200, body: [makePayout()], headers: { 'x-total-count': '30' } });
    URL.createObjectURL = vi.fn(() => 'blob:payouts');
    URL.revokeObjectURL = vi.fn();
    const { user } = renderApp('/admin-payouts');
    await queue();
    expect(lastList()).toEqual({ status: 'open', limit: 10, offset: 0 });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Paid' }));
    await user.click(screen.getByRole('combobox', { name: 'Publisher' }));
    await user.click(await screen.findByRole('option', { name: /Paula Pereira/ }));
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByRole('option', { name: 'EUR' }));
    await user.type(screen.getByLabelText('Requested from'), '2025-03-01');
    await waitFor(() =>
      expect(lastList()).toEqual({
        status: 'paid',
        publisher_id: 'pub-1',
        currency: 'EUR',
        from: '2025-03-01',
        limit: 10,
        offset: 0,
      }),
    );
    await user.click(within(screen.getByRole('navigation', { name: 'Pages of payouts' })).getByText('3'));
    await waitFor(() => expect(lastList()).toMatchObject({ offset: 20 }));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(paramsOf(sent, 'GET', '/payouts').at(-1)).toEqual({
        status: 'paid',
        publisher_id: 'pub-1',
        currency: 'EUR',
        from: '2025-03-01',
        format: 'csv',
      }),
    );
  });

  it('approves a requested payout and marks a processing one paid only with a reference', async () => {
    const requested = makePayout({ publisher_name: 'Paula Pereira' });
    const processing = makePayout({
      publisher_name: 'Peter Petersen',
      status: 'processing',
      currency: 'USD',
    });
    let items = [requested, processing];
    server
      .on('GET', '/payouts', () => ({ status: 200, body: items }))
      .on('POST', `/payouts/${requested.id}/approve`, () => {
        items = [{ ...requested, status: 'processing' }, processing];
        return { status: 200, body: items[0] };
      })
      .on('POST', `/payouts/${processing.id}/paid`, () => {
        items = [items[0]!, { ...processing, status: 'paid', reference: 'TX-9' }];
        return { status: 200, body: items[1] };
      });
    const { user } = renderApp('/admin-payouts');
    const rows = await queue();
    await user.click(within(rows).getByRole('button', { name: /^Approve payout of Paula Pereira/ }));
    // amounts in sentences: the display currency (USD for this admin) with the original
    expect(
      await screen.findByText('Paula Pereira, $70.59 (€60.00): approved, now processing.'),
    ).toBeInTheDocument();

    await user.click(within(rows).getByRole('button', { name: /^Mark paid: payout of Peter Petersen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark payout paid' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(within(dialog).getByText('A transfer reference is required')).toBeInTheDocument();
    expect(server.callsTo('POST', `/payouts/${processing.id}/paid`)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Transfer reference' }), '  TX-9 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `/payouts/${processing.id}/paid`).map((r) => r.body)).toEqual([
        { reference: 'TX-9' },
      ]),
    );
    await waitFor(() => expect(within(rows).getByText('Ref. TX-9')).toBeInTheDocument());
  });

  it('shows a refused transition (409) and marks a payout failed with a reason', async () => {
    const p = makePayout();
    server
      .on('GET', '/payouts', { status: 200, body: [p] })
      .on('POST', `/payouts/${p.id}/approve`, {
        status: 409,
        body: { detail: 'The payout is failed; only a requested payout can be approved' },
      })
      .on('POST', `/payouts/${p.id}/failed`, { status: 200, body: { ...p, status: 'failed' } });
    const { user } = renderApp('/admin-payouts');
    const rows = await queue();
    await user.click(within(rows).getByRole('button', { name: /^Approve payout/ }));
    expect(
      await screen.findByText('The payout is failed; only a requested payout can be approved'),
    ).toBeInTheDocument();

    await user.click(within(rows).getByRole('button', { name: /^Mark payout of .* failed$/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'IBAN closed');
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `/payouts/${p.id}/failed`).map((r) => r.body)).toEqual([
        { reason: 'IBAN closed' },
      ]),
    );
  });

  it('approves in bulk and marks in bulk paid with one reference per payout, listing what did not change', async () => {
    const [a, b] = [makePayout({ publisher_name: 'Ann' }), makePayout({ publisher_name: 'Ben' })];
    const [c, d] = [
      makePayout({ publisher_name: 'Cid', status: 'processing' }),
      makePayout({ publisher_name: 'Dot', status: 'processing' }),
    ];
    server
      .on('GET', '/payouts', { status: 200, body: [a, b, c, d, makePayout({ status: 'paid' })] })
      .on('POST', '/payouts/bulk/approve', {
        status: 200,
        body: {
          updated: [{ ...a, status: 'processing' }],
          failed: [{ id: b.id, detail: 'The payout is failed; only a requested payout can be approved' }],
        },
      })
      .on('POST', '/payouts/bulk/paid', {
        status: 200,
        body: {
          updated: [
            { ...c, status: 'paid' },
            { ...d, status: 'paid' },
          ],
          failed: [],
        },
      });
    const { user } = renderApp('/admin-payouts');
    const rows = await queue();
    // the paid payout cannot be ticked
    expect(within(rows).getAllByRole('checkbox', { name: /^Select payout of/ })).toHaveLength(4);
    await user.click(within(rows).getByRole('checkbox', { name: 'Select all open payouts on this page' }));
    await user.click(screen.getByRole('button', { name: 'Approve 2' }));
    expect(await screen.findByText('1 payout not changed')).toBeInTheDocument();
    expect(
      screen.getByText('Ben, $70.59 (€60.00): The payout is failed; only a requested payout can be approved'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/payouts/bulk/approve').map((r) => r.body)).toEqual([
      { ids: [a.id, b.id] },
    ]);

    await user.click(within(rows).getByRole('checkbox', { name: /^Select payout of Cid/ }));
    await user.click(within(rows).getByRole('checkbox', { name: /^Select payout of Dot/ }));
    await user.click(screen.getByRole('button', { name: 'Mark 2 paid…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark 2 payouts paid' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Cid/ }), 'TX-C');
    await user.click(within(dialog).getByRole('button', { name: 'Mark 2 paid' }));
    expect(within(dialog).getByText('A transfer reference is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Dot/ }), 'TX-D');
    await user.click(within(dialog).getByRole('button', { name: 'Mark 2 paid' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/payouts/bulk/paid').map((r) => r.body)).toEqual([
        {
          items: [
            { id: c.id, reference: 'TX-C' },
            { id: d.id, reference: 'TX-D' },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Marked paid 2 payouts.')).toBeInTheDocument();
  });
});
