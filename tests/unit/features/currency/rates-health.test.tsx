import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrencyHealth } from '../../../../src/features/currency/types';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { formatDateTime } from '../../../../src/lib/format-date';

vi.setConfig({ testTimeout: 20_000 });

let server: FakeServer;

const DEGRADED: CurrencyHealth = {
  health: 'degraded',
  provider: 'rates.example',
  last_success_at: '2025-06-01T14:05:00.000Z',
  source: 'provider',
  last_attempt_at: '2025-06-02T09:00:00.000Z',
  as_of: '2025-05-30',
  reason: 'The provider answered HTML instead of ECB XML',
};

const OK: CurrencyHealth = {
  ...DEGRADED,
  health: 'ok',
  last_success_at: '2025-06-02T10:00:00.000Z',
  last_attempt_at: '2025-06-02T10:00:00.000Z',
  as_of: '2025-06-02',
  reason: null,
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'admin-1', role: 'admin' }) })
    .on('GET', '/currency/health', { status: 200, body: DEGRADED });
  signIn();
});

const card = async () =>
  (await screen.findByRole('heading', { name: 'Exchange rates' })).parentElement as HTMLElement;
const row = (label: string) =>
  within(screen.getByRole('table', { name: 'Exchange-rate provider' })).getByRole('row', {
    name: new RegExp(`^${label}`),
  });

describe('exchange-rate provider health on /settings (admins)', () => {
  it('shows a degraded provider with the reason, the source and the last success', async () => {
    renderApp('/settings');
    const section = await card();
    expect(await within(section).findByText('Degraded')).toBeInTheDocument();
    expect(within(section).getByText('The provider answered HTML instead of ECB XML')).toBeInTheDocument();
    expect(row('Provider')).toHaveTextContent('rates.example');
    expect(row('Rates in use')).toHaveTextContent('The rates provider');
    expect(row('Rates of')).toHaveTextContent('2025-05-30');
    expect(row('Last successful fetch')).toHaveTextContent(formatDateTime('2025-06-01T14:05:00.000Z'));
  });

  it('labels a fresh install’s built-in rates calmly, without "Degraded"', async () => {
    server.on('GET', '/currency/health', {
      status: 200,
      body: {
        ...DEGRADED,
        provider: null,
        source: 'fallback',
        last_success_at: null,
        last_attempt_at: null,
        as_of: null,
        reason: 'no rates provider is configured; using the built-in rates',
      },
    });
    renderApp('/settings');
    const section = await card();
    expect(await within(section).findByText('Built-in rates')).toBeInTheDocument();
    expect(within(section).getByText(/set a provider URL in the platform settings/)).toBeInTheDocument();
    expect(within(section).queryByText('Degraded')).not.toBeInTheDocument();
    expect(within(section).queryByText('Why degraded')).not.toBeInTheDocument();
  });

  it('refreshes the rates on request and says how it went', async () => {
    server.on('POST', '/admin/currency/refresh', { status: 200, body: OK });
    const { user } = renderApp('/settings');
    const section = await card();
    await user.click(await within(section).findByRole('button', { name: 'Refresh rates now' }));

    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Rates refreshed: rates of 2025-06-02.',
    );
    expect(within(section).getByText('OK')).toBeInTheDocument();
    expect(row('Last successful fetch')).toHaveTextContent(formatDateTime('2025-06-02T10:00:00.000Z'));
    expect(server.callsTo('POST', '/admin/currency/refresh')).toHaveLength(1);
  });

  it('says when a refresh could not reach the provider, and which rates stay in use', async () => {
    server.on('POST', '/admin/currency/refresh', {
      status: 200,
      body: { ...DEGRADED, reason: 'timeout after 10 s' },
    });
    const { user } = renderApp('/settings');
    const section = await card();
    await user.click(await within(section).findByRole('button', { name: 'Refresh rates now' }));
    // the card's own live region: other settings cards have theirs
    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent(
        'The refresh failed: timeout after 10 s. Conversions keep using the last stored rates.',
      ),
    );
  });

  it('shows a refused refresh', async () => {
    server.on('POST', '/admin/currency/refresh', { status: 403, body: { detail: 'Admins only' } });
    const { user } = renderApp('/settings');
    await user.click(await within(await card()).findByRole('button', { name: 'Refresh rates now' }));
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
  });

  it('is not shown to publishers', async () => {
    server.on('GET', '/auth/me', { status: 200, body: makeUser({ role: 'publisher' }) });
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Your preferences' });
    expect(screen.queryByRole('heading', { name: 'Exchange rates' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/currency/health')).toHaveLength(0);
  });
});
