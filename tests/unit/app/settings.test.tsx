import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSettings } from '../../../src/features/settings/api/get-admin-settings';
import { installFakeServer, type FakeServer } from '../support/fake-server';
import { renderApp, signIn } from '../support/render-app';
import { makeUser } from '../support/users';

// Typing into several Mantine fields takes seconds in jsdom on a busy machine; the default 5 s is tight.
vi.setConfig({ testTimeout: 20_000 });

let server: FakeServer;

const settings: AdminSettings = {
  default_currency: 'EUR',
  platform_fee_bps: 250,
  min_payout_minor: 5000,
  hold_days: 30,
  registration_requires_approval: false,
  max_upload_bytes: 10 * 1024 * 1024,
  rates_provider_url: null,
  click_retention_days: 400,
  referral_share_bps: 0,
  referral_months: 12,
  require_email_verification: false,
  updated_at: '2025-01-01T00:00:00.000Z',
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer();
  signIn();
});

function asAdmin() {
  server
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'admin-1', role: 'admin' }) })
    .on('GET', '/admin/settings', { status: 200, body: settings })
    .on('PUT', '/admin/settings', (request) => ({
      status: 200,
      body: { ...settings, ...(request.body as object), updated_at: '2025-02-01T00:00:00.000Z' },
    }));
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('platform settings (admins)', () => {
  it('shows the current settings in major units, percent and MB', async () => {
    asAdmin();
    renderApp('/settings');
    expect(await screen.findByRole('combobox', { name: /^Default currency/ })).toHaveValue('EUR');
    expect(field(/^Minimum payout/)).toHaveValue('50.00');
    expect(field(/^Platform fee/)).toHaveValue('2.5');
    expect(field(/^Maximum upload size/)).toHaveValue('10');
    expect(screen.getByRole('switch', { name: 'New registrations need admin approval' })).not.toBeChecked();
  });

  it('refuses bad input with messages and sends nothing', async () => {
    asAdmin();
    const { user } = renderApp('/settings');
    const payout = await screen.findByRole('textbox', { name: /^Minimum payout/ });
    await user.clear(payout);
    await user.type(payout, '12.345');
    await user.clear(field(/^Platform fee/));
    await user.type(field(/^Platform fee/), '101');
    await user.clear(field(/^Maximum upload size/));
    await user.type(field(/^Maximum upload size/), '500');
    await user.click(field(/^Exchange-rate provider URL/));
    await user.paste('ftp://rates.example');
    const hold = screen.getByRole('textbox', { name: /^Commission hold period/ });
    await user.clear(hold);
    await user.type(hold, '400');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(
      await screen.findByText('Enter an amount of 0 or more with at most 2 decimals'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter a percentage from 0 to 100 with at most 2 decimals')).toBeInTheDocument();
    expect(screen.getByText('Enter 0.01 to 100 MB')).toBeInTheDocument();
    expect(screen.getByText('Enter 0 to 365 days')).toBeInTheDocument();
    expect(
      screen.getByText('Enter a web address starting with http:// or https://, or leave it empty'),
    ).toBeInTheDocument();
    expect(server.callsTo('PUT', '/admin/settings')).toHaveLength(0);
  });

  it('submits the changed fields in minor units, basis points and bytes, then says so', async () => {
    asAdmin();
    const { user } = renderApp('/settings');
    const payout = await screen.findByRole('textbox', { name: /^Minimum payout/ });
    await user.clear(payout);
    await user.type(payout, '75.5');
    await user.clear(field(/^Platform fee/));
    await user.type(field(/^Platform fee/), '3.75');
    await user.clear(field(/^Maximum upload size/));
    await user.type(field(/^Maximum upload size/), '20');
    await user.click(field(/^Exchange-rate provider URL/));
    await user.paste('https://rates.example/ecb.xml');
    await user.click(screen.getByRole('switch', { name: 'New registrations need admin approval' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(server.callsTo('PUT', '/admin/settings')).toHaveLength(1));
    expect(server.callsTo('PUT', '/admin/settings')[0]?.body).toEqual({
      min_payout_minor: 7550,
      platform_fee_bps: 375,
      max_upload_bytes: 20 * 1024 * 1024,
      rates_provider_url: 'https://rates.example/ecb.xml',
      registration_requires_approval: true,
    });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
  });

  it('reads the minimum payout in the new default currency (JPY has no decimals)', async () => {
    asAdmin();
    const { user } = renderApp('/settings');
    const currency = await screen.findByRole('combobox', { name: /^Default currency/ });
    await user.selectOptions(currency, 'JPY');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Enter a whole amount of 0 or more (JPY has no decimals)'),
    ).toBeInTheDocument();
    expect(server.callsTo('PUT', '/admin/settings')).toHaveLength(0);

    const payout = field(/^Minimum payout/);
    await user.clear(payout);
    await user.type(payout, '5000');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(server.callsTo('PUT', '/admin/settings')[0]?.body).toEqual({
        default_currency: 'JPY',
        min_payout_minor: 5000,
      }),
    );
  });

  it('after a currency change, says what the minimum payout was and offers it at today’s rates', async () => {
    asAdmin();
    const { user } = renderApp('/settings');
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Default currency/ }), 'JPY');
    const payout = field(/^Minimum payout/);
    expect(payout).toHaveAccessibleDescription(/^In JPY; it was €50\.00, about ¥[\d,]+ at today’s rates\./);
    const use = screen.getByRole('button', { name: /^Use \d+$/ });
    const yen = Number(use.textContent?.replace('Use ', ''));
    expect(yen).toBeGreaterThan(5000);
    await user.click(use);
    expect(payout).toHaveValue(String(yen));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(server.callsTo('PUT', '/admin/settings')[0]?.body).toEqual({
        default_currency: 'JPY',
        min_payout_minor: yen,
      }),
    );
  });

  it('shows the server’s field errors next to the fields', async () => {
    asAdmin();
    server.on('PUT', '/admin/settings', {
      status: 422,
      body: {
        detail: 'Invalid settings',
        errors: [{ field: 'rates_provider_url', message: 'rates_provider_url must be an http(s) URL' }],
      },
    });
    const { user } = renderApp('/settings');
    await user.type(
      await screen.findByRole('textbox', { name: /^Exchange-rate provider URL/ }),
      'https://x.example',
    );
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('rates_provider_url must be an http(s) URL')).toBeInTheDocument();
    expect(screen.getByText('Invalid settings')).toBeInTheDocument();
  });

  it('links to the audit log and to the profile, and keeps the personal preferences', async () => {
    asAdmin();
    renderApp('/settings');
    expect(await screen.findByRole('link', { name: 'audit log' })).toHaveAttribute(
      'href',
      '/admin-audit-log',
    );
    expect(screen.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/profile');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Display currency' })).toHaveValue('EUR'),
    );
  });
});

describe('settings for advertisers and publishers', () => {
  it('shows the admin default currency from /settings/public when the user has no choice', async () => {
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ role: 'publisher', preferred_currency: null }) })
      .on('GET', '/settings/public', { status: 200, body: { default_currency: 'SEK' } });
    renderApp('/settings');
    const currency = await screen.findByRole('combobox', { name: 'Display currency' });
    await waitFor(() => expect(currency).toHaveValue('SEK'));
    expect(server.callsTo('GET', '/admin/settings')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Platform settings' })).toBeNull();
    const prefs = screen.getByRole('heading', { name: 'Your preferences' }).parentElement!;
    expect(within(prefs).getByRole('combobox', { name: 'Rows per table page' })).toHaveValue('10');
    expect(screen.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/profile');
  });

  it('keeps the user’s own choice over the admin default', async () => {
    server
      .on('GET', '/auth/me', {
        status: 200,
        body: makeUser({ role: 'advertiser', preferred_currency: 'GBP' }),
      })
      .on('GET', '/settings/public', { status: 200, body: { default_currency: 'SEK' } });
    renderApp('/settings');
    await waitFor(() => expect(server.callsTo('GET', '/settings/public')).toHaveLength(1));
    expect(await screen.findByRole('combobox', { name: 'Display currency' })).toHaveValue('GBP');
  });
});
