import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;

const reset = {
  id: 'm-1',
  to: 'paula@example.com',
  subject: 'Reset your Affilio password',
  text: 'Open https://affilio.example/reset-password?token=abc within an hour.',
  created_at: '2026-11-20T10:00:00.000Z',
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'admin-1', role: 'admin' }) })
    .on('GET', '/admin/settings', {
      status: 200,
      body: {
        default_currency: 'EUR',
        platform_fee_bps: 250,
        min_payout_minor: 5000,
        hold_days: 30,
        registration_requires_approval: false,
        max_upload_bytes: 10 * 1024 * 1024,
        rates_provider_url: null,
        updated_at: '2025-01-01T00:00:00.000Z',
      },
    });
  signIn('admin-token');
});

describe('mail outbox', () => {
  it('is linked from the settings where SMTP would be, and lists the mail with its text', async () => {
    server.on('GET', '/admin/outbox', { status: 200, body: [reset] });
    const { user } = renderApp('/settings');
    const link = await screen.findByRole('link', { name: 'Open the mail outbox' }, { timeout: 15_000 });
    expect(screen.getByText(/No SMTP server is configured/)).toBeInTheDocument();
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Mail outbox' })).toBeInTheDocument();
    const mail = await screen.findByRole('button', { name: /Reset your Affilio password/ });
    expect(mail).toHaveTextContent('To paula@example.com');
    await user.click(mail);
    // the mail's text opens with the accordion's transition
    const text = await screen.findByText(/reset-password\?token=abc/);
    await waitFor(() => expect(text).toBeVisible());
  });

  it('says mail goes through SMTP when the server has no outbox', async () => {
    server.on('GET', '/admin/outbox', {
      status: 404,
      body: { detail: 'Mail is sent through SMTP; there is no outbox' },
    });
    renderApp('/admin-mail-outbox');
    expect(
      await screen.findByText('Mail goes out through SMTP', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});
