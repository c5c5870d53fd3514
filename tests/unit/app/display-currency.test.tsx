import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db';
import { makeCommission } from '../features/commissions/commission-fixtures';
import { installFakeServer, type FakeServer } from '../support/fake-server';
import { renderApp, showAmountsIn, signIn } from '../support/render-app';
import { makeUser } from '../support/users';

vi.setConfig({ testTimeout: 20_000 });

let server: FakeServer;

/** 1 EUR = 6.7104 / 0.9 = 7.456 DKK */
const RATES = {
  success: true,
  source_currency: 'USD',
  rates: { USD: 1, EUR: 0.9, DKK: 6.7104, GBP: 0.8 },
  as_of: '2025-06-02',
  source: 'provider',
};

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await db.rates.clear();
  server = installFakeServer()
    .on('GET', '/currency/rates', { status: 200, body: RATES })
    .on('GET', '/settings/public', { status: 200, body: { default_currency: 'USD' } });
  signIn();
});

/** A publisher with one EUR commission of €15.00 (on a €100.00 sale) and an EUR balance. */
function servePublisher(overrides = {}) {
  server
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'pub-1', role: 'publisher', ...overrides }) })
    .on('GET', '/tracking/links', { status: 200, body: [] })
    .on('GET', '/commissions', { status: 200, body: [makeCommission({ order_id: 'P-1' })] })
    .on('GET', '/commissions/totals', {
      status: 200,
      body: [{ currency: 'EUR', status: 'pending', count: 1, amount_minor: 1500 }],
    })
    .on('GET', '/commissions/balance', {
      status: 200,
      body: [{ currency: 'EUR', approved_minor: 4250, pending_minor: 1500 }],
    })
    // the payout history under the balance: none yet
    .on('GET', '/payouts', { status: 200, body: [], headers: { 'x-total-count': '0' } })
    // the earnings ledger card: no entries yet
    .on('GET', '/ledger/head', { status: 200, body: { seq: 0, hash: '0'.repeat(64) } })
    .on('GET', '/ledger', { status: 200, body: [], headers: { 'x-total-count': '0' } });
}

const switcher = () => screen.findByRole('button', { name: /^Display currency/ });
const balance = () => screen.findByRole('table', { name: 'Balance per currency' });
const commissionRow = async () =>
  within(await screen.findByRole('table', { name: 'Commissions' })).getByRole('row', { name: /P-1/ });

async function choose(user: ReturnType<typeof renderApp>['user'], code: string) {
  await user.click(await switcher());
  await user.click(await screen.findByRole('menuitemradio', { name: code }));
}

describe('display currency', () => {
  it('the header switcher changes every figure at once and says which were converted', async () => {
    servePublisher();
    const { user } = renderApp('/commissions');
    // USD by default: €42.50 = $47.22 at 0.9 EUR per USD
    expect(await within(await balance()).findByText('$47.22')).toBeInTheDocument();
    expect(await switcher()).toHaveTextContent('USD');

    await choose(user, 'DKK');
    expect(await switcher()).toHaveTextContent('DKK');
    const table = await balance();
    expect(within(table).getByText('316,88 kr.')).toBeInTheDocument();
    expect(within(table).getByText('111,84 kr.')).toBeInTheDocument();
    const row = await commissionRow();
    expect(within(row).getByText('111,84 kr.')).toBeInTheDocument();
    expect(within(row).getByText('745,60 kr.')).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totals in EUR' });
    expect(within(totals).getByText('111,84 kr.')).toBeInTheDocument();
    expect(screen.getByText('Approved and not yet paid out, per currency, shown in DKK')).toBeInTheDocument();
    // Screen readers hear the original with every converted figure.
    expect(within(row).getByText('(converted from €15.00)')).toBeInTheDocument();
    expect(localStorage.getItem('affilio:currency:pub-1')).toBe('DKK');
  });

  it('keeps the original and the rate used on hover and on focus', async () => {
    servePublisher();
    showAmountsIn('pub-1', 'DKK');
    const { user } = renderApp('/commissions');
    const figure = await within(await commissionRow()).findByText('111,84 kr.');

    await user.hover(figure);
    expect(await screen.findByText('€15.00 → 111,84 kr.')).toBeInTheDocument();
    expect(screen.getByText('1 EUR = 7.456 DKK · rates of 2025-06-02')).toBeInTheDocument();
    await user.unhover(figure);
    await waitFor(() => expect(screen.queryByText('€15.00 → 111,84 kr.')).not.toBeInTheDocument());

    act(() => figure.focus());
    expect(await screen.findByText('€15.00 → 111,84 kr.')).toBeInTheDocument();
  });

  it('shows figures already in the display currency as they are, without a conversion note', async () => {
    servePublisher();
    showAmountsIn('pub-1', 'EUR');
    renderApp('/commissions');
    const row = await commissionRow();
    expect(within(row).getByText('€15.00')).toBeInTheDocument();
    expect(within(row).queryByText(/converted from/)).not.toBeInTheDocument();
    expect(within(await balance()).getByText('€42.50')).toBeInTheDocument();
  });

  it('changes the header and the figures from /settings too', async () => {
    servePublisher();
    const { user, router } = renderApp('/settings');
    await user.click(await screen.findByRole('combobox', { name: 'Display currency' }));
    await user.click(await screen.findByRole('option', { name: 'GBP' }));
    expect(await switcher()).toHaveTextContent('GBP');
    expect(localStorage.getItem('affilio:currency:pub-1')).toBe('GBP');

    await act(() => router.navigate('/commissions'));
    // €15.00 at 0.8 / 0.9 GBP per EUR
    expect(await within(await commissionRow()).findByText('£13.33')).toBeInTheDocument();
  });
});

describe('preferred currency in the profile', () => {
  it('a newly saved preferred currency is what figures show in, over an earlier pick in the header', async () => {
    servePublisher({ preferred_currency: 'EUR' });
    showAmountsIn('pub-1', 'DKK');
    server.on('PUT', '/auth/profile', {
      status: 200,
      body: makeUser({ id: 'pub-1', role: 'publisher', preferred_currency: 'GBP' }),
    });
    const { user } = renderApp('/profile');
    expect(await switcher()).toHaveTextContent('DKK');

    await user.click(await screen.findByRole('combobox', { name: /^Preferred currency/ }));
    await user.click(await screen.findByRole('option', { name: 'GBP' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(async () => expect(await switcher()).toHaveTextContent('GBP'));
    expect(localStorage.getItem('affilio:currency:pub-1')).toBe('GBP');
  });

  it('saving other fields leaves this device’s pick alone', async () => {
    servePublisher({ preferred_currency: 'EUR' });
    showAmountsIn('pub-1', 'DKK');
    server.on('PUT', '/auth/profile', {
      status: 200,
      body: makeUser({ id: 'pub-1', role: 'publisher', preferred_currency: 'EUR', name: 'Paula P.' }),
    });
    const { user } = renderApp('/profile');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Paula P.');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(await switcher()).toHaveTextContent('DKK');
    expect(localStorage.getItem('affilio:currency:pub-1')).toBe('DKK');
  });
});

describe('effective currency: the user’s choice, else the admin default, else USD (spec §9)', () => {
  it('uses the admin default from /settings/public for publishers and advertisers', async () => {
    servePublisher();
    server.on('GET', '/settings/public', { status: 200, body: { default_currency: 'SEK' } });
    renderApp('/commissions');
    await waitFor(async () => expect(await switcher()).toHaveTextContent('SEK'));
    expect(server.callsTo('GET', '/admin/settings')).toHaveLength(0);
  });

  it('reads the admin default from /admin/settings for admins', async () => {
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'admin-1', role: 'admin' }) })
      .on('GET', '/admin/settings', { status: 200, body: { default_currency: 'NOK' } });
    renderApp('/dashboard');
    await waitFor(async () => expect(await switcher()).toHaveTextContent('NOK'));
    expect(server.callsTo('GET', '/settings/public')).toHaveLength(0);
  });

  it('prefers the account’s preferred currency to the admin default', async () => {
    servePublisher({ preferred_currency: 'GBP' });
    server.on('GET', '/settings/public', { status: 200, body: { default_currency: 'SEK' } });
    renderApp('/commissions');
    await waitFor(() => expect(server.callsTo('GET', '/settings/public')).toHaveLength(1));
    expect(await switcher()).toHaveTextContent('GBP');
  });

  it('prefers this device’s choice for the user to everything else, and keeps it per user', async () => {
    servePublisher({ preferred_currency: 'GBP' });
    server.on('GET', '/settings/public', { status: 200, body: { default_currency: 'SEK' } });
    showAmountsIn('someone-else', 'JPY');
    showAmountsIn('pub-1', 'DKK');
    renderApp('/commissions');
    await waitFor(() => expect(server.callsTo('GET', '/settings/public')).toHaveLength(1));
    expect(await switcher()).toHaveTextContent('DKK');
  });

  it('falls back to USD when there is no choice and no admin default', async () => {
    servePublisher();
    server.on('GET', '/settings/public', { status: 500, body: { detail: 'down' } });
    renderApp('/commissions');
    expect(await within(await balance()).findByText('$47.22')).toBeInTheDocument();
    expect(await switcher()).toHaveTextContent('USD');
  });
});

describe('rates failures fall back silently (spec §8)', () => {
  it('converts with the built-in rates when the server answers HTML and nothing was saved', async () => {
    servePublisher();
    showAmountsIn('pub-1', 'DKK');
    server.on('GET', '/currency/rates', { status: 200, html: '<!doctype html><p>Bad gateway</p>' });
    const { user } = renderApp('/commissions');
    // 1 EUR = 6.5 / 0.85 DKK (spec §9): €15.00 → 114,71 kr.
    const figure = await within(await commissionRow()).findByText('114,71 kr.');
    await user.hover(figure);
    expect(await screen.findByText('1 EUR = 7.64706 DKK · built-in rates')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('uses the rates saved on an earlier visit when the rates cannot be fetched', async () => {
    servePublisher();
    showAmountsIn('pub-1', 'DKK');
    const first = renderApp('/commissions');
    await within(await commissionRow()).findByText('111,84 kr.');
    first.unmount();

    // a server failure: a read with no answer at all would take the whole app offline (online-status.ts),
    // and the fallback is the same for both (rates-cache.test.ts covers the network error)
    server.on('GET', '/currency/rates', { status: 503 });
    const { user } = renderApp('/commissions');
    const figure = await within(await commissionRow()).findByText('111,84 kr.');
    await user.hover(figure);
    expect(
      await screen.findByText('1 EUR = 7.456 DKK · saved rates of 2025-06-02 (offline)'),
    ).toBeInTheDocument();
  });

  it('shows the original amount when there is no rate for the pair', async () => {
    servePublisher();
    showAmountsIn('pub-1', 'DKK');
    server.on('GET', '/currency/rates', {
      status: 200,
      body: { ...RATES, rates: { USD: 1, GBP: 0.8 } },
    });
    renderApp('/commissions');
    await waitFor(() => expect(server.callsTo('GET', '/currency/rates')).toHaveLength(1));
    const row = await commissionRow();
    expect(await within(row).findByText('€15.00')).toBeInTheDocument();
    expect(within(row).queryByText(/kr\./)).not.toBeInTheDocument();
  });
});
