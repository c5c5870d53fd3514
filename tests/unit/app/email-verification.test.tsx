import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../support/fake-server';
import { renderApp, signIn } from '../support/render-app';
import { makeUser } from '../support/users';

vi.setConfig({ testTimeout: 20_000 });

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer();
});

describe('the /verify-email page', () => {
  it('sends the link’s token once and says the address is confirmed', async () => {
    server.on('POST', '/auth/verify-email', {
      status: 200,
      body: { message: 'Your e-mail address is confirmed.' },
    });
    renderApp('/verify-email?token=t0k');
    expect(await screen.findByText('E-mail address confirmed', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/verify-email')).toEqual([
      expect.objectContaining({ body: { token: 't0k' } }),
    ]);
    expect(screen.getByRole('link', { name: 'Continue to Affilio' })).toHaveAttribute('href', '/dashboard');
  });

  it('says a used, expired or garbage link did not work', async () => {
    server.on('POST', '/auth/verify-email', {
      status: 400,
      body: { detail: 'This e-mail confirmation link has already been used' },
    });
    renderApp('/verify-email?token=used');
    expect(await screen.findByText('The link did not work')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This confirmation link is invalid, already used or expired. Sign in and ask for a new one.',
      ),
    ).toBeInTheDocument();
  });

  it('sends nothing without a token', async () => {
    renderApp('/verify-email');
    expect(await screen.findByText('The link did not work')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/verify-email')).toHaveLength(0);
  });
});

describe('the confirm-your-e-mail banner', () => {
  const unverified = makeUser({ role: 'publisher', email: 'new@pub.example', email_verified: false });

  it('asks an unconfirmed user to confirm while it is required, and resends the link', async () => {
    signIn();
    server
      .on('GET', '/auth/me', { status: 200, body: unverified })
      .on('GET', '/settings/public', {
        status: 200,
        body: { default_currency: 'USD', require_email_verification: true },
      })
      .on('POST', '/auth/resend-verification', { status: 200, body: { message: 'sent' } });
    const { user } = renderApp('/profile');
    // the signed-in shell loads lazily: the first render of a file takes a while
    expect(
      await screen.findByText('Confirm your e-mail address', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/We sent a link to new@pub\.example\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('A new link is on its way to new@pub.example.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/resend-verification')).toHaveLength(1);
  });

  it('shows the server’s 429 when the resend limit is reached', async () => {
    signIn();
    server
      .on('GET', '/auth/me', { status: 200, body: unverified })
      .on('GET', '/settings/public', {
        status: 200,
        body: { default_currency: 'USD', require_email_verification: true },
      })
      .on('POST', '/auth/resend-verification', {
        status: 429,
        body: { detail: 'Too many confirmation e-mails for this account. Try again in 60 minute(s).' },
      });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Resend' }, { timeout: 10_000 }));
    expect(
      await screen.findByText('Too many confirmation e-mails for this account. Try again in 60 minute(s).'),
    ).toBeInTheDocument();
  });

  it('stays away while verification is off', async () => {
    signIn();
    server.on('GET', '/auth/me', { status: 200, body: unverified }).on('GET', '/settings/public', {
      status: 200,
      body: { default_currency: 'USD', require_email_verification: false },
    });
    renderApp('/profile');
    await waitFor(() => expect(server.callsTo('GET', '/settings/public').length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    expect(screen.queryByText('Confirm your e-mail address')).not.toBeInTheDocument();
  });
});
