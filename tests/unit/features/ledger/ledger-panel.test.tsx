import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

vi.setConfig({ testTimeout: 40_000 });

const HEAD = 'ab'.repeat(32);
const entry = (seq: number, kind: string, amount: number, balance: number | string, hash: string) => ({
  seq,
  at: '2026-11-20T10:00:00.000Z',
  kind,
  ref_id: '0b6c1a52-5f0e-4c4a-9a51-2f7d3c1e9b10',
  amount_minor: amount,
  currency: 'EUR',
  balance_minor: balance,
  prev_hash: '0'.repeat(64),
  hash,
});

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'pub-1', role: 'publisher' }) })
    .on('GET', '/tracking/links', { status: 200, body: [] })
    .on('GET', '/commissions', { status: 200, body: [] })
    .on('GET', '/commissions/totals', { status: 200, body: [] })
    .on('GET', '/commissions/balance', { status: 200, body: [] })
    .on('GET', '/payouts/eligibility', { status: 200, body: { has_payout_method: true, balances: [] } })
    .on('GET', '/payouts', { status: 200, body: [], headers: { 'x-total-count': '0' } })
    .on('GET', '/ledger/head', { status: 200, body: { seq: 2, hash: HEAD } })
    .on('GET', '/ledger', {
      status: 200,
      body: [
        entry(2, 'commission.approved', 1500, 1500, HEAD),
        entry(1, 'commission.created', 1500, 0, 'cd'.repeat(32)),
      ],
      headers: { 'x-total-count': '2' },
    });
  signIn();
});

describe('the earnings ledger on the commissions page', () => {
  // the first render loads the lazy route, and the ledger card comes last on the page: slow on a busy machine
  it('prints the head and lists the entries newest first with the balance after each', async () => {
    renderApp('/commissions');
    const table = await screen.findByRole('table', { name: 'Earnings ledger' }, { timeout: 25_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^#2.*Commission approved€15\.00€15\.00abababababab…$/),
      expect.stringMatching(/^#1.*Commission recorded€15\.00€0\.00cdcdcdcdcdcd…$/),
    ]);
    expect(await screen.findByText(HEAD)).toBeInTheDocument();
    expect(screen.getByText(/Head: entry 2, hash/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export (JSON Lines)' })).toBeEnabled();
    expect(server.callsTo('GET', '/ledger')).not.toHaveLength(0);
  });

  it('counts a ledger longer than a page and asks for the page picked in its pager', async () => {
    server.on('GET', '/ledger', {
      status: 200,
      body: [entry(25, 'commission.approved', 1500, 1500, HEAD)],
      headers: { 'x-total-count': '25' },
    });
    const { user } = renderApp('/commissions');
    const pages = await screen.findByRole('navigation', { name: 'Pages of the ledger' }, { timeout: 25_000 });
    expect(screen.getByText('25 entries')).toBeInTheDocument();
    const asked = server.callsTo('GET', '/ledger').length;
    await user.click(within(pages).getByRole('button', { name: '3' }));
    await waitFor(() => expect(server.callsTo('GET', '/ledger').length).toBeGreaterThan(asked));
  });
});
