import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSettings } from '../../../../src/features/settings/api/get-admin-settings';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

// The platform settings form and the device preferences for a Danish admin:
// src/locales/da/settings.json, validation messages included.
const settings: AdminSettings = {
  default_currency: 'EUR',
  platform_fee_bps: 250,
  min_payout_minor: 5000,
  hold_days: 30,
  registration_requires_approval: false,
  require_email_verification: false,
  max_upload_bytes: 10 * 1024 * 1024,
  rates_provider_url: null,
  click_retention_days: 400,
  referral_share_bps: 0,
  referral_months: 12,
  updated_at: '2025-01-01T00:00:00.000Z',
};

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'admin-1', role: 'admin', language: 'da' }) })
    .on('GET', '/admin/settings', { status: 200, body: settings });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('settings in Danish', () => {
  it('shows the platform settings and preferences in Danish, with Danish validation messages', async () => {
    const { user } = renderApp('/settings');
    const payout = await screen.findByRole('textbox', { name: /^Mindste udbetaling/ }, { timeout: 45_000 });
    expect(
      screen.getByRole('switch', { name: 'Nye registreringer skal godkendes af en administrator' }),
    ).not.toBeChecked();
    expect(screen.getByText('Tema')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rækker pr. tabelside' })).toBeInTheDocument();
    await user.clear(payout);
    await user.type(payout, '-1');
    await user.click(screen.getByRole('button', { name: 'Gem indstillinger' }));
    expect(
      await screen.findByText('Angiv et beløb på 0 eller mere med højst 2 decimaler'),
    ).toBeInTheDocument();
  });
});
