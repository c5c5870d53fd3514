import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCachedUser } from '../../../src/features/auth/stores/cached-user';
import { TOKEN_STORAGE_KEY } from '../../../src/lib/token-storage';
import { UI_PREFERENCES_KEY } from '../../../src/lib/ui-preferences';
import { installFakeServer, type FakeServer } from '../support/fake-server';
import { renderApp, signIn } from '../support/render-app';
import { makeUser } from '../support/users';

let server: FakeServer;

beforeEach(() => {
  server = installFakeServer().on('GET', '/auth/me', { status: 200, body: makeUser() });
  signIn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A phone's width: below Mantine's `sm` breakpoint, where the sidebar is an overlay. */
function phoneWidth() {
  const matchMedia = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({
    ...matchMedia(query),
    matches: query.includes('max-width: 48em'),
  }));
}

describe('app shell', () => {
  it('shows the dashboard with the user, role and profile status', async () => {
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(screen.getByText('Advertiser')).toBeInTheDocument();
    expect(screen.getByText('Profile complete')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: /Create campaign/ })).toHaveAttribute(
      'href',
      '/action=create',
    );
  });

  it("links each role's pages beyond the quick actions: an advertiser's commissions, a publisher's tracking", async () => {
    renderApp('/dashboard');
    const billing = await screen.findByRole('navigation', { name: 'Billing' });
    expect(within(billing).getByRole('link', { name: 'Commissions' })).toHaveAttribute(
      'href',
      '/commissions',
    );
    expect(within(billing).getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/invoices');
  });

  it('gives publishers a link to the tracking tools', async () => {
    server.on('GET', '/auth/me', { status: 200, body: makeUser({ role: 'publisher' }) });
    renderApp('/dashboard');
    const tools = await screen.findByRole('navigation', { name: 'Tools' });
    expect(within(tools).getByRole('link', { name: 'Tracking' })).toHaveAttribute('href', '/tracking');
  });

  it('remembers the collapsed sidebar', async () => {
    const { user } = renderApp('/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Toggle sidebar' });
    expect(screen.getByRole('navigation', { name: 'Quick actions' }).closest('[inert]')).toBeNull();
    await user.click(toggle);
    expect(JSON.parse(localStorage.getItem(UI_PREFERENCES_KEY)!)).toMatchObject({ sidebarCollapsed: true });
    // Collapsed, the sidebar is slid off screen: its links are out of the keyboard's reach.
    expect(screen.getByRole('navigation', { name: 'Quick actions' }).closest('[inert]')).not.toBeNull();
  });

  it('on a phone, mounts the sidebar links when the burger first opens the sidebar, and keeps them', async () => {
    phoneWidth();
    const { user } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Quick actions' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Billing' })).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const billing = await screen.findByRole('navigation', { name: 'Billing' });
    expect(within(billing).getByRole('link', { name: 'Commissions' })).toHaveAttribute(
      'href',
      '/commissions',
    );
    expect(billing.closest('[inert]')).toBeNull();

    // Closed again, the links stay for the next time, out of reach of the keyboard and screen readers.
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('navigation', { name: 'Quick actions' }).closest('[inert]')).not.toBeNull();
  });

  it('draws the desktop sidebar toggle as a menu icon, never a close "✕", open or collapsed', async () => {
    const { user } = renderApp('/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Toggle sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Mantine's Burger marks its lines data-opened when it draws the cross.
    expect(toggle.querySelector('[data-opened]')).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle.querySelector('[data-opened]')).toBeNull();
  });

  it('logs out from the account menu', async () => {
    server.on('POST', '/auth/logout', { status: 204 });
    const { user, router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));

    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows the media library at /media, no longer a placeholder', async () => {
    renderApp('/media');
    expect(await screen.findByRole('heading', { name: 'Media library' })).toBeInTheDocument();
    expect(screen.queryByText('This section is coming in a later release.')).not.toBeInTheDocument();
  });

  it('opens a conversation from a /conversation=<id> link', async () => {
    const member = { role: 'publisher', company_name: null, last_read_seq: 0, last_read_at: null };
    server.on('GET', '/conversations/c-42', {
      status: 200,
      body: {
        id: 'c-42',
        campaign_id: null,
        campaign_name: null,
        created_by: 'u-2',
        created_at: '2025-01-01T00:00:00.000Z',
        last_message_at: null,
        members: [
          { ...member, id: 'u-2', name: 'Paula Pereira' },
          { ...member, id: 'u-1', name: 'Ada', role: 'advertiser' },
        ],
        last_message: null,
        unread_count: 0,
      },
    });
    server.on('GET', '/conversations/c-42/messages', { status: 200, body: [] });
    renderApp('/conversation=c-42');
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Paula Pereira' })).toBeInTheDocument();
    expect(screen.getByText('No messages yet. Say hello!')).toBeInTheDocument();
  });

  it('shows a 404 page for unknown paths', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('goes to /login when the session expires (401) during use', async () => {
    server.on('GET', '/admin/settings', { status: 401, body: { detail: 'Token expired' } });
    server.on('GET', '/auth/me', { status: 200, body: makeUser({ role: 'admin' }) });
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows admins the platform settings', async () => {
    server.on('GET', '/auth/me', { status: 200, body: makeUser({ role: 'admin' }) });
    server.on('GET', '/admin/settings', {
      status: 200,
      body: {
        default_currency: 'EUR',
        platform_fee_bps: 250,
        min_payout_minor: 5000,
        hold_days: 30,
        registration_requires_approval: false,
        max_upload_bytes: 10 * 1024 * 1024,
        rates_provider_url: null,
        updated_at: '2025-01-01T00:00:00Z',
      },
    });
    renderApp('/settings');
    expect(await screen.findByRole('combobox', { name: /^Default currency/ })).toHaveValue('EUR');
    expect(screen.getByRole('textbox', { name: /^Minimum payout/ })).toHaveValue('50.00');
    expect(screen.getByRole('combobox', { name: 'Display currency' })).toHaveValue('EUR');
  });

  it('starts from the user saved at the last visit while /auth/me is still answering', async () => {
    setCachedUser(makeUser());
    let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
    server.on('GET', '/auth/me', () => new Promise((resolve) => (answer = resolve)));
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    // The session turns out to be over: signed out as before.
    answer({ status: 401, body: { detail: 'Token expired' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows the account-load problem instead of signing out when /auth/me fails with 500', async () => {
    server.on('GET', '/auth/me', { status: 500, body: { detail: 'db down' } });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: "We couldn't load your account" })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('test-token');
  });
});
