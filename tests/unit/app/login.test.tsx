import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../src/lib/token-storage';
import { installFakeServer, type FakeServer } from '../support/fake-server';
import { renderApp } from '../support/render-app';
import { makeUser } from '../support/users';

let server: FakeServer;

beforeEach(() => {
  // Failed mutations are logged by design; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  server = installFakeServer().on('POST', '/auth/login', ({ body }) => {
    const { email, password } = body as { email: string; password: string };
    if (email === 'ada@example.com' && password === 'correct horse') {
      return { status: 200, body: { access_token: 'jwt-1', token_type: 'bearer', user: makeUser() } };
    }
    return { status: 401, body: { detail: 'Invalid email or password' } };
  });
});

async function logIn(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login', () => {
  it("shows the server's message for a wrong password and stays on /login", async () => {
    const { user, router } = renderApp('/login');

    await logIn(user, 'ada@example.com', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("falls back to 'Login failed' when the server gives no detail", async () => {
    server.on('POST', '/auth/login', { status: 400 });
    const { user } = renderApp('/login');
    await logIn(user, 'ada@example.com', 'whatever');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('stores the token and opens the dashboard', async () => {
    const { user, router } = renderApp('/login');

    await logIn(user, 'ada@example.com', 'correct horse');

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('jwt-1');
    expect(server.callsTo('POST', '/auth/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
  });

  it('sends signed-out visitors to /login and back where they were after signing in', async () => {
    const { user, router } = renderApp('/reports');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await logIn(user, 'ada@example.com', 'correct horse');

    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reports');
  });

  it('links to registration and password reset', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('sends a signed-in user away from /login to the dashboard', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'jwt-1');
    server.on('GET', '/auth/me', { status: 200, body: makeUser() });
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
