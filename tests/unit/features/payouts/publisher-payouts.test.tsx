import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, showAmountsIn, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeBalance, makeEligibility, makePayout } from './payout-fixtures';
import { formatDate } from '../../../../src/lib/format-date';

vi.setConfig({ testTimeout: 20_000 });

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'pub-1', role: 'publisher' }) })
    .on('GET', '/tracking/links', { status: 200, body: [] })
    .on('GET', '/commissions', { status: 200, body: [] })
    .on('GET', '/commissions/totals', { status: 200, body: [] })
    .on('GET', '/payouts', { status: 200, body: [], headers: { 'x-total-count': '0' } });
  signIn();
  showAmountsIn('pub-1', 'EUR');
});

const balanceRow = async (currency: string) =>
  within(
    // the first render loads the lazy route: longer than findBy's default second on a busy machine
    await screen.findByRole('table', { name: 'Balance per currency' }, { timeout: 10_000 }),
  ).getByRole('row', {
    name: new RegExp(`^${currency}`),
  });

describe('requesting a payout from the balance card', () => {
  it('is disabled below the minimum, saying how much is missing, and asks to confirm above it', async () => {
    let balance = [
      { currency: 'EUR', approved_minor: 6000, pending_minor: 0 },
      { currency: 'GBP', approved_minor: 2000, pending_minor: 500 },
    ];
    let eligibility = makeEligibility([
      makeBalance(),
      makeBalance({
        currency: 'GBP',
        available_minor: 2000,
        minimum_minor: 3650,
        missing_minor: 1650,
        can_request: false,
        blocked_reason: 'missing',
      }),
    ]);
    server
      .on('GET', '/commissions/balance', () => ({ status: 200, body: balance }))
      .on('GET', '/payouts/eligibility', () => ({ status: 200, body: eligibility }))
      .on('POST', '/payouts', () => {
        const payout = makePayout();
        balance = [{ ...balance[0]!, approved_minor: 0 }, balance[1]!];
        eligibility = makeEligibility([
          makeBalance({ available_minor: 0, open_payout: payout, can_request: false }),
          eligibility.balances[1]!,
        ]);
        return { status: 201, body: payout };
      });
    const { user } = renderApp('/commissions');

    const gbp = await balanceRow('GBP');
    expect(
      await within(gbp).findByRole('button', { name: 'Request payout in GBP' }, { timeout: 10_000 }),
    ).toBeDisabled();
    // 16.50 GBP shown in the display currency (EUR, built-in rates) with the original
    expect(within(gbp).getByText(/more to reach the minimum$/)).toHaveTextContent(
      '€19.21 (£16.50) more to reach the minimum',
    );

    const eur = await balanceRow('EUR');
    await user.click(within(eur).getByRole('button', { name: 'Request payout in EUR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a payout in EUR' });
    expect(dialog).toHaveTextContent('Request payout of €60.00: your whole approved balance in EUR');
    await user.click(within(dialog).getByRole('button', { name: 'Request payout' }));

    expect(await screen.findByText('€60.00 is on its way to an admin for approval.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/payouts').map((r) => r.body)).toEqual([{ currency: 'EUR' }]);
    // the balance and the button follow the server: the open payout shows instead
    await waitFor(async () =>
      expect(within(await balanceRow('EUR')).getByText('Requested')).toBeInTheDocument(),
    );
    expect(within(await balanceRow('EUR')).queryByRole('button', { name: /Request payout/ })).toBeNull();
    expect(server.callsTo('GET', '/commissions/balance').length).toBeGreaterThan(1);
  });

  it('shows the server’s refusal in the dialog and points to the profile without a payout method', async () => {
    server
      .on('GET', '/commissions/balance', {
        status: 200,
        body: [{ currency: 'EUR', approved_minor: 6000, pending_minor: 0 }],
      })
      .on('GET', '/payouts/eligibility', { status: 200, body: makeEligibility([makeBalance()]) })
      .on('POST', '/payouts', {
        status: 409,
        body: { detail: 'A payout in EUR is already requested (60.00 EUR)' },
      });
    const { user } = renderApp('/commissions');
    await user.click(within(await balanceRow('EUR')).getByRole('button', { name: 'Request payout in EUR' }));
    const dialog = await screen.findByRole('dialog');
    // meanwhile the publisher removed the payout method (another tab): the refusal refreshes what is shown
    server.on('GET', '/payouts/eligibility', {
      status: 200,
      body: makeEligibility([makeBalance({ can_request: false, blocked_reason: 'method' })], false),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    expect(
      await within(dialog).findByText('A payout in EUR is already requested (60.00 EUR)'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(async () =>
      expect(
        within(await balanceRow('EUR')).getByRole('link', { name: 'Add a payout method' }),
      ).toHaveAttribute('href', '/profile'),
    );
  });
});

describe('payout history', () => {
  it('lists payouts with their state, reference and reason, and downloads a paid one’s statement', async () => {
    const paid = makePayout({
      status: 'paid',
      reference: 'SEPA-2025-0042',
      approved_at: '2025-03-02T10:00:00.000Z',
      paid_at: '2025-03-03T10:00:00.000Z',
    });
    const failed = makePayout({
      status: 'failed',
      failure_reason: 'IBAN closed',
      failed_at: '2025-02-03T10:00:00.000Z',
    });
    URL.createObjectURL = vi.fn(() => 'blob:statement');
    URL.revokeObjectURL = vi.fn();
    server
      .on('GET', '/commissions/balance', { status: 200, body: [] })
      .on('GET', '/payouts/eligibility', { status: 200, body: makeEligibility([]) })
      .on('GET', '/payouts', { status: 200, body: [paid, failed], headers: { 'x-total-count': '2' } })
      .on('GET', `/payouts/${paid.id}/statement.pdf`, { status: 200, body: '%PDF-1.7' });
    const { user } = renderApp('/commissions');
    const history = await screen.findByRole('table', { name: 'Payout history' }, { timeout: 10_000 });
    const [, first, second] = within(history).getAllByRole('row');
    expect(first).toHaveTextContent(`Paid ${formatDate('2025-03-03T10:00:00.000Z')}`);
    expect(first).toHaveTextContent('SEPA-2025-0042');
    expect(first).toHaveTextContent('€60.00');
    expect(second).toHaveTextContent('IBAN closed');
    expect(within(second!).queryByRole('button', { name: 'Statement (PDF)' })).toBeNull();

    await user.click(within(first!).getByRole('button', { name: 'Statement (PDF)' }));
    await waitFor(() => expect(server.callsTo('GET', `/payouts/${paid.id}/statement.pdf`)).toHaveLength(1));
    expect(server.callsTo('GET', `/payouts/${paid.id}/statement.pdf`)[0]!.headers.get('Authorization')).toBe(
      'Bearer test-token',
    );
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });

  it('counts a history longer than a page and asks for the page picked in its pager', async () => {
    server
      .on('GET', '/commissions/balance', { status: 200, body: [] })
      .on('GET', '/payouts/eligibility', { status: 200, body: makeEligibility([]) })
      .on('GET', '/payouts', { status: 200, body: [makePayout()], headers: { 'x-total-count': '12' } });
    const { user } = renderApp('/commissions');
    const pages = await screen.findByRole('navigation', { name: 'Pages of payouts' }, { timeout: 10_000 });
    expect(screen.getByText('12 payouts')).toBeInTheDocument();
    const asked = server.callsTo('GET', '/payouts').length;
    await user.click(within(pages).getByRole('button', { name: '2' }));
    await waitFor(() => expect(server.callsTo('GET', '/payouts').length).toBeGreaterThan(asked));
  });
});
