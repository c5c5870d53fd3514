import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeCommission } from './commission-fixtures';

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'adv-1', role: 'advertiser' }) })
    .on('GET', '/campaigns', { status: 200, body: [] })
    .on('GET', '/commissions/totals', {
      status: 200,
      body: [
        { currency: 'EUR', status: 'pending', count: 300, amount_minor: 450000 },
        { currency: 'USD', status: 'pending', count: 120, amount_minor: 90000 },
        { currency: 'EUR', status: 'approved', count: 7, amount_minor: 1000 },
      ],
    });
  signIn();
});

describe('deciding every commission matching the filters', () => {
  it('offers "select all N matching" once the page is ticked and approves them batch by batch', async () => {
    server.on('GET', '/commissions', {
      status: 200,
      body: [makeCommission({ order_id: 'A-1' }), makeCommission({ order_id: 'B-2' })],
      headers: { 'x-total-count': '427' },
    });
    let remaining = 420;
    server.on('POST', '/commissions/bulk/approve-matching', () => {
      const updated = Math.min(200, remaining);
      remaining -= updated;
      return { status: 200, body: { updated_count: updated, remaining } };
    });
    const { user } = renderApp('/commissions');
    const rows = await screen.findByRole('table', { name: 'Commissions' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: /Select all/ })).not.toBeInTheDocument();
    await user.click(
      within(rows).getByRole('checkbox', { name: 'Select all pending commissions on this page' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Select all 420 matching' }));
    expect(screen.getByText('All 420 commissions matching these filters selected.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve all matching' }));

    expect(await screen.findByText('Approved 420 commissions.')).toBeInTheDocument();
    const calls = server.callsTo('POST', '/commissions/bulk/approve-matching');
    expect(calls).toHaveLength(3);
    expect(calls[0]!.body).toEqual({ created_before: expect.any(String), batch_size: 200 });
    // the same selection time for every batch
    expect(new Set(calls.map((c) => (c.body as { created_before: string }).created_before)).size).toBe(1);
  });

  it('rejects all matching with the reason given', async () => {
    server.on('GET', '/commissions', {
      status: 200,
      body: [makeCommission({ order_id: 'A-1' })],
      headers: { 'x-total-count': '420' },
    });
    server.on('POST', '/commissions/bulk/reject-matching', {
      status: 200,
      body: { updated_count: 420, remaining: 0 },
    });
    const { user } = renderApp('/commissions');
    const rows = await screen.findByRole('table', { name: 'Commissions' }, { timeout: 15_000 });
    await user.click(within(rows).getByRole('checkbox', { name: 'Select order A-1' }));
    await user.click(await screen.findByRole('button', { name: 'Select all 420 matching' }));
    await user.click(screen.getByRole('button', { name: 'Reject all matching' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 420 commissions' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Bot traffic');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Rejected 420 commissions.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/commissions/bulk/reject-matching')[0]!.body).toMatchObject({
      reason: 'Bot traffic',
    });
  });

  it('names a CPC commission "Click", with no sale line', async () => {
    server.on('GET', '/commissions', {
      status: 200,
      body: [
        makeCommission({
          kind: 'click',
          order_id: null,
          event: 'click',
          conversion_id: null,
          sale_amount_minor: null,
        }),
      ],
    });
    renderApp('/commissions');
    const rows = await screen.findByRole('table', { name: 'Commissions' }, { timeout: 15_000 });
    expect(within(rows).getByText('Click')).toBeInTheDocument();
    expect(within(rows).queryByText(/Unique click/)).not.toBeInTheDocument();
    expect(within(rows).queryByText('Sale')).not.toBeInTheDocument();
  });
});
