import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../src/lib/token-storage';
import { installFakeServer, type FakeServer } from '../support/fake-server';
import { renderApp } from '../support/render-app';
import { makeUser } from '../support/users';

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  server = installFakeServer();
});

describe('registration', () => {
  it('registers a publisher and continues to onboarding', async () => {
    const created = makeUser({
      role: 'publisher',
      onboarding_completed: false,
      profile_completion_status: 'incomplete',
      profile_completion_step: 'profile',
    });
    server.on('POST', '/auth/register', {
      status: 201,
      body: { access_token: 'jwt-new', token_type: 'bearer', user: created },
    });
    const { user, router } = renderApp('/register');

    await user.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('radio', { name: 'Publisher' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByLabelText('Display name')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('jwt-new');
    expect(server.callsTo('POST', '/auth/register')[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'long enough',
      role: 'publisher',
    });
  });

  it('shows the message instead of signing in when the account awaits approval', async () => {
    server.on('POST', '/auth/register-simplified', {
      status: 201,
      body: { message: 'Your account is waiting for approval.', user: makeUser({ status: 'pending' }) },
    });
    const { user } = renderApp('/signup');

    const role = await screen.findByRole('radiogroup', { name: 'Role' });
    expect(within(role).getByRole('radio', { name: 'Advertiser' })).toBeChecked();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Your account is waiting for approval.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(server.callsTo('POST', '/auth/register-simplified')[0]?.body).toEqual({
      email: 'new@example.com',
      password: 'long enough',
      role: 'advertiser',
    });
  });

  it("shows 'Registration failed' when the server gives no detail", async () => {
    server.on('POST', '/auth/register-simplified', { status: 500 });
    const { user } = renderApp('/signup');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });
});

describe('password reset', () => {
  it('sends the reset link and shows the server message', async () => {
    server.on('POST', '/auth/forgot-password', { status: 200, body: { message: 'Check your inbox.' } });
    const { user } = renderApp('/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Check your inbox.')).toBeInTheDocument();
  });

  it('resets the password with the token from the link', async () => {
    server.on('POST', '/auth/reset-password', { status: 200, body: { message: 'Password updated.' } });
    const { user } = renderApp('/reset-password?token=t0k');
    await user.type(screen.getByLabelText('New password'), 'brand new pw');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password updated.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(server.callsTo('POST', '/auth/reset-password')[0]?.body).toEqual({
      token: 't0k',
      new_password: 'brand new pw',
    });
  });

  it("shows 'Failed to reset password' when the server gives no detail", async () => {
    server.on('POST', '/auth/reset-password', { networkError: true });
    const { user } = renderApp('/reset-password?token=t0k');
    await user.type(screen.getByLabelText('New password'), 'brand new pw');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password');
  });
});
