import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkPasswordStrength } from '../../../src/lib/password-strength';
import { TOKEN_STORAGE_KEY } from '../../../src/lib/token-storage';
import { installFakeServer, type FakeServer } from '../support/fake-server';
import { renderApp, signIn } from '../support/render-app';
import { makeUser } from '../support/users';

let server: FakeServer;

// The strength checker's dictionaries load once per file; doing it here keeps each test's time its own.
beforeAll(() => checkPasswordStrength('warm-up'), 30_000);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  server = installFakeServer().on('GET', '/auth/me', { status: 200, body: makeUser() });
  signIn('jwt-1');
});

const bearer = (method: string, path: string) =>
  server.callsTo(method, path).map((request) => request.headers.get('Authorization'));

async function logOutFromMenu() {
  const app = renderApp('/dashboard');
  await app.user.click(await screen.findByRole('button', { name: /^Account menu/ }));
  await app.user.click(screen.getByRole('menuitem', { name: 'Log out' }));
  return app;
}

describe('log out', () => {
  it('revokes the token on the server, then signs out here', async () => {
    server.on('POST', '/auth/logout', { status: 204 });
    const { router } = await logOutFromMenu();

    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(bearer('POST', '/auth/logout')).toEqual(['Bearer jwt-1']);
  });

  it('still signs out when the server cannot be reached (offline)', async () => {
    server.on('POST', '/auth/logout', { networkError: true });
    const { router } = await logOutFromMenu();

    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(server.callsTo('POST', '/auth/logout')).toHaveLength(1);
  });

  it('still signs out when the server says the token is no longer valid (401)', async () => {
    server.on('POST', '/auth/logout', { status: 401, body: { detail: 'Token revoked' } });
    const { router } = await logOutFromMenu();

    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('does not wait more than a few seconds for a server that does not answer', async () => {
    server.on('POST', '/auth/logout', () => new Promise(() => undefined));
    const started = Date.now();
    const { router } = await logOutFromMenu();

    expect(await screen.findByRole('button', { name: 'Log in' }, { timeout: 8000 })).toBeInTheDocument();
    expect(Date.now() - started).toBeLessThan(8000);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  }, 15_000);
});

describe('sign out everywhere (profile)', () => {
  async function openConfirm() {
    const app = renderApp('/profile');
    const sessions = await screen.findByRole('region', { name: 'Sessions' });
    await app.user.click(within(sessions).getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out on every device?' });
    return { ...app, sessions, dialog };
  }

  it('asks first, then revokes every session and signs out here with a notice', async () => {
    server.on('POST', '/auth/logout-all', { status: 204 });
    const { user, dialog, router } = await openConfirm();
    expect(within(dialog).getByText(/on this one/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/auth/logout-all')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const again = await screen.findByRole('dialog', { name: 'Sign out on every device?' });
    await user.click(within(again).getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByText('Signed out on every device')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(bearer('POST', '/auth/logout-all')).toEqual(['Bearer jwt-1']);
    // Nothing left to revoke one by one.
    expect(server.callsTo('POST', '/auth/logout')).toHaveLength(0);
  });

  it('keeps the user signed in and says so when the server could not revoke the sessions', async () => {
    server.on('POST', '/auth/logout-all', { networkError: true });
    const { user, dialog, sessions, router } = await openConfirm();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));

    expect(await within(sessions).findByText('You are still signed in')).toBeInTheDocument();
    expect(
      within(sessions).getByText('Signing out everywhere failed. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('jwt-1');
  });
});

describe('change password (profile)', () => {
  async function fillPasswords(current: string, next: string) {
    const app = renderApp('/profile');
    const { user } = app;
    await user.click(await screen.findByLabelText('Current password'));
    await user.paste(current);
    await user.click(screen.getByLabelText('New password'));
    await user.paste(next);
    return app;
  }

  it('stores the new token the server returns, so this browser stays signed in', async () => {
    server.on('PUT', '/auth/profile', {
      status: 200,
      body: { ...makeUser(), access_token: 'jwt-2' },
    });
    server.on('POST', '/auth/logout', { status: 204 });
    const { user, router } = await fillPasswords('old secret words', 'quiet-orbit-maple-71');
    expect(await screen.findByText('Password strength: Strong.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText('Other devices have been signed out.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/auth/profile')[0]?.body).toEqual({
      current_password: 'old secret words',
      new_password: 'quiet-orbit-maple-71',
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('jwt-2');
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByLabelText('New password')).toHaveValue('');

    // The next call carries the new token.
    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(bearer('POST', '/auth/logout')).toEqual(['Bearer jwt-2']));
  });

  it('refuses a weak new password, or one made of the account’s e-mail, before sending it', async () => {
    const { user } = await fillPasswords('old secret words', 'password1');
    expect(await screen.findByText('Password strength: Weak.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Choose a stronger password: This is a commonly used password.'),
    ).toBeInTheDocument();

    const field = screen.getByLabelText('New password');
    await user.clear(field);
    await user.paste('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText(
        'Choose a stronger password: There should not be any personal or page related data.',
      ),
    ).toBeInTheDocument();
    expect(server.callsTo('PUT', '/auth/profile')).toHaveLength(0);
  });

  it("shows the server's 422 detail", async () => {
    server.on('PUT', '/auth/profile', {
      status: 422,
      body: {
        detail: 'The current password is not correct',
        errors: [{ field: 'current_password', message: 'The current password is not correct' }],
      },
    });
    const { user } = await fillPasswords('wrong', 'quiet-orbit-maple-71');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    // By text: role queries over the whole profile page are slow in jsdom.
    const detail = await screen.findByText('The current password is not correct');
    expect(detail.closest('[role="alert"]')).not.toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('jwt-1');
  });
});
