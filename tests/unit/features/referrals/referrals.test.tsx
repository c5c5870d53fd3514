import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSettings } from '../../../../src/features/settings/api/get-admin-settings';
import type { Referrals } from '../../../../src/features/referrals/types';
import { checkPasswordStrength } from '../../../../src/lib/password-strength';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

// Two-tier referrals in the UI (issue 46): the publisher's Referrals page, the sign-up through a referral
// link, and the admin's programme settings (percent in the form, basis points on the wire).

vi.setConfig({ testTimeout: 60_000 });

let server: FakeServer;

const referrals: Referrals = {
  code: 'PIA2024',
  link: 'https://affilio.example/register?ref=PIA2024',
  enabled: true,
  share_bps: 550,
  months: 12,
  referred: [
    {
      publisher_id: 'p-2',
      display_name: 'Deal Blog',
      joined_at: '2025-03-01T10:00:00.000Z',
      earned_minor: 1234,
      pending_minor: 0,
      currency: 'USD',
    },
  ],
};

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

beforeAll(() => checkPasswordStrength('warm-up'), 30_000);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer().on('GET', '/settings/public', {
    status: 200,
    body: { default_currency: 'USD' },
  });
});

function asPublisher(body: Referrals = referrals) {
  server
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'p-1', role: 'publisher' }) })
    .on('GET', '/referrals', { status: 200, body });
  signIn();
}

describe('the Referrals page (publishers)', () => {
  it('is in the publisher’s nav and shows the link with a copy button, the terms and the referred', async () => {
    asPublisher();
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Referrals' }, { timeout: 20_000 }));
    expect(
      await screen.findByRole('heading', { name: 'Referrals', level: 1 }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Referral link', {}, { timeout: 20_000 })).toHaveTextContent(
      referrals.link,
    );
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(
      screen.getByText(/You earn 5\.5 % of each approved commission .* for their first 12 months/),
    ).toBeInTheDocument();
    const list = screen.getByRole('table', { name: 'Referred publishers' });
    const row = within(list).getByRole('row', { name: /Deal Blog/ });
    expect(row).toHaveTextContent('$12.34');
    expect(screen.getByRole('heading', { name: '1 referred publisher' })).toBeInTheDocument();
  });

  it('says when the programme is off, and when nobody has signed up yet', async () => {
    asPublisher({ ...referrals, enabled: false, share_bps: 0, referred: [] });
    renderApp('/referrals');
    expect(await screen.findByText('The programme is off', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText(/Nobody has signed up through your link yet/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Referred publishers' })).not.toBeInTheDocument();
  });

  it('tells an advertiser it is a publisher’s page, without asking the server', async () => {
    server.on('GET', '/auth/me', { status: 200, body: makeUser({ role: 'advertiser' }) });
    signIn();
    renderApp('/referrals');
    expect(
      await screen.findByText(/The referral programme is for publishers/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(server.callsTo('GET', '/referrals')).toHaveLength(0);
  });
});

describe('signing up through a referral link', () => {
  it('pre-selects the publisher role and sends the referral_code', async () => {
    server.on('POST', '/auth/register', {
      status: 201,
      body: { access_token: 'jwt-new', token_type: 'bearer', user: makeUser({ role: 'publisher' }) },
    });
    const { user } = renderApp('/register?ref=PIA2024');
    expect(
      await screen.findByText('You were invited by a publisher', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Publisher' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Quick sign-up' })).toHaveAttribute(
      'href',
      '/signup?ref=PIA2024',
    );
    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByLabelText('Password'));
    await user.paste('quiet-orbit-maple-71');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(server.callsTo('POST', '/auth/register')).toHaveLength(1));
    expect(server.callsTo('POST', '/auth/register')[0]?.body).toMatchObject({
      role: 'publisher',
      referral_code: 'PIA2024',
    });
  });
});

describe('the referral programme in the admin settings', () => {
  function asAdmin() {
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'admin-1', role: 'admin' }) })
      .on('GET', '/admin/settings', { status: 200, body: settings })
      .on('PUT', '/admin/settings', (request) => ({
        status: 200,
        body: { ...settings, ...(request.body as object) },
      }));
    signIn();
  }

  it('takes the share in percent, refuses bad input with messages and sends basis points', async () => {
    asAdmin();
    const { user } = renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Referral programme' }, { timeout: 20_000 });
    const share = within(form).getByRole('textbox', { name: /^Referrer's share/ });
    const months = within(form).getByRole('textbox', { name: /^Months/ });
    expect(share).toHaveValue('0');
    expect(within(form).getByText(/The programme is off/)).toBeInTheDocument();
    await user.clear(share);
    await user.type(share, '150');
    await user.clear(months);
    await user.type(months, '0');
    await user.click(within(form).getByRole('button', { name: 'Save referral programme' }));
    expect(await within(form).findByText(/Enter a percentage from 0 to 100/)).toBeInTheDocument();
    expect(within(form).getByText('Enter a whole number of months from 1 to 120')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/admin/settings')).toHaveLength(0);

    await user.clear(share);
    await user.type(share, '7.25');
    await user.clear(months);
    await user.type(months, '6');
    await user.click(within(form).getByRole('button', { name: 'Save referral programme' }));
    await waitFor(() => expect(server.callsTo('PUT', '/admin/settings')).toHaveLength(1));
    expect(server.callsTo('PUT', '/admin/settings')[0]?.body).toEqual({
      referral_share_bps: 725,
      referral_months: 6,
    });
  });
});
