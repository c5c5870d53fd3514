import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkPasswordStrength } from '../../../src/lib/password-strength';
import { TOKEN_STORAGE_KEY } from '../../../src/lib/token-storage';
import { installFakeServer, type FakeServer } from '../support/fake-server';
import { renderApp } from '../support/render-app';
import { makeUser } from '../support/users';

let server: FakeServer;

/** Scores 4 (of 4) with zxcvbn: the server accepts it. */
const STRONG = 'quiet-orbit-maple-71';

/** The meter's announced sentence (its aria-live region), once the password has been scored as `label`. */
async function strength(label: string): Promise<HTMLElement> {
  const level = await screen.findByText(`Password strength: ${label}.`);
  return level.closest<HTMLElement>('[aria-live]')!;
}

// The strength checker's dictionaries load once per file; doing it here keeps each test's time its own.
beforeAll(() => checkPasswordStrength('warm-up'), 30_000);

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
    await user.click(screen.getByLabelText('Password'));
    await user.paste(STRONG);
    await user.click(screen.getByRole('radio', { name: 'Publisher' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByLabelText('Display name')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('jwt-new');
    expect(server.callsTo('POST', '/auth/register')[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: STRONG,
      role: 'publisher',
      // the UI's language becomes the account's
      language: 'en',
    });
  });

  it('shows the message instead of signing in when the account awaits approval', async () => {
    server.on('POST', '/auth/register-simplified', {
      status: 201,
      body: { message: 'Your account is waiting for approval.', user: makeUser({ status: 'pending' }) },
    });
    const { user } = renderApp('/signup');

    // nobody is an advertiser by default: the role is asked
    const role = await screen.findByRole('radiogroup', { name: 'Role' });
    expect(within(role).getByRole('radio', { name: 'Advertiser' })).not.toBeChecked();
    expect(within(role).getByRole('radio', { name: 'Publisher' })).not.toBeChecked();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('radio', { name: 'Advertiser' }));
    await user.click(screen.getByLabelText('Password'));
    await user.paste(STRONG);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Your account is waiting for approval.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(server.callsTo('POST', '/auth/register-simplified')[0]?.body).toEqual({
      email: 'new@example.com',
      password: STRONG,
      role: 'advertiser',
      language: 'en',
    });
  });

  it('shows a weak password as Weak and refuses to send it, then accepts a strong one', async () => {
    server.on('POST', '/auth/register', {
      status: 201,
      body: { message: 'Your account is waiting for approval.', user: makeUser({ status: 'pending' }) },
    });
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('radio', { name: 'Advertiser' }));
    const password = screen.getByLabelText('Password');
    await user.click(password);
    await user.paste('password1');

    expect(await strength('Weak')).toHaveTextContent(
      'Password strength: Weak. This is a commonly used password. Add more words that are less common.',
    );
    expect(screen.getByRole('progressbar', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      'Weak',
    );
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('Choose a stronger password: This is a commonly used password.'),
    ).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(/^Choose a stronger password/);
    expect(server.callsTo('POST', '/auth/register')).toHaveLength(0);

    await user.clear(password);
    await user.paste(STRONG);
    expect(await strength('Strong')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Your account is waiting for approval.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/register')[0]?.body).toMatchObject({ password: STRONG });
  });

  it('refuses a password made of the e-mail address (the server scores it against the e-mail too)', async () => {
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('radio', { name: 'Advertiser' }));
    await user.click(screen.getByLabelText('Password'));
    await user.paste('new@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(
      await screen.findByText(
        'Choose a stronger password: There should not be any personal or page related data.',
      ),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/register-simplified')).toHaveLength(0);
  });

  it('shows 12345678 as Weak on the quick sign-up and does not send it', async () => {
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('radio', { name: 'Advertiser' }));
    await user.click(screen.getByLabelText('Password'));
    await user.paste('12345678');
    expect(await strength('Weak')).toHaveTextContent('This is a heavily used password.');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(
      await screen.findByText('Choose a stronger password: This is a heavily used password.'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/register-simplified')).toHaveLength(0);
  });

  it("shows the server's 422 detail when it refuses the password anyway", async () => {
    server.on('POST', '/auth/register-simplified', {
      status: 422,
      body: {
        detail: 'Choose a stronger password: add another word or two',
        errors: [{ field: 'password', message: 'Choose a stronger password: add another word or two' }],
      },
    });
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('radio', { name: 'Advertiser' }));
    await user.click(screen.getByLabelText('Password'));
    await user.paste(STRONG);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a stronger password: add another word or two',
    );
  });

  it("shows 'Registration failed' when the server gives no detail", async () => {
    server.on('POST', '/auth/register-simplified', { status: 500 });
    const { user } = renderApp('/signup');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('radio', { name: 'Advertiser' }));
    await user.click(screen.getByLabelText('Password'));
    await user.paste(STRONG);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });

  it('keeps the role choice in its place while the password is scored, so a tap aimed at it lands', async () => {
    // jsdom lays nothing out: what appears above the choice (in document order) is what would push it down
    const elementsBefore = (element: Element) => [...document.body.querySelectorAll('*')].indexOf(element);
    for (const path of ['/register', '/signup']) {
      const { user, unmount } = renderApp(path);
      await user.click(await screen.findByLabelText('Password'));
      await user.paste(STRONG);
      const role = screen.getByRole('radiogroup', { name: 'Role' });
      const before = elementsBefore(role);
      expect(await strength('Strong')).toBeInTheDocument();
      expect(elementsBefore(role), path).toBe(before);
      unmount();
    }
  });

  it('asks for the role and says so when it is missing, sending nothing', async () => {
    for (const [path, button] of [
      ['/signup', 'Sign up'],
      ['/register', 'Create account'],
    ] as const) {
      const { user, unmount } = renderApp(path);
      if (path === '/register') await user.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
      await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
      await user.click(screen.getByLabelText('Password'));
      await user.paste(STRONG);
      await user.click(screen.getByRole('button', { name: button }));
      expect(
        await screen.findByText('Choose how you use Affilio: as an advertiser or as a publisher'),
      ).toBeInTheDocument();
      unmount();
    }
    expect(server.callsTo('POST', '/auth/register-simplified')).toHaveLength(0);
    expect(server.callsTo('POST', '/auth/register')).toHaveLength(0);
  });
});

describe('password reset', () => {
  it('sends the reset link and shows the server message', async () => {
    server.on('POST', '/auth/forgot-password', { status: 200, body: { message: 'Check your inbox.' } });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Check your inbox.')).toBeInTheDocument();
  });

  it('resets the password with the token from the link', async () => {
    server.on('POST', '/auth/reset-password', { status: 200, body: { message: 'Password updated.' } });
    const { user } = renderApp('/reset-password?token=t0k');
    await user.click(await screen.findByLabelText('New password'));
    await user.paste(STRONG);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password updated.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(server.callsTo('POST', '/auth/reset-password')[0]?.body).toEqual({
      token: 't0k',
      new_password: STRONG,
    });
  });

  it('refuses a weak new password before sending it, and shows a 422 detail from the server', async () => {
    server.on('POST', '/auth/reset-password', {
      status: 422,
      body: { detail: 'This reset link has expired.' },
    });
    const { user } = renderApp('/reset-password?token=t0k');
    const field = await screen.findByLabelText('New password');
    await user.click(field);
    await user.paste('password1');
    expect(await strength('Weak')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(
      await screen.findByText('Choose a stronger password: This is a commonly used password.'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/reset-password')).toHaveLength(0);

    await user.clear(field);
    await user.paste(STRONG);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired.');
  });

  it('offers a new link instead of the form when the link is used or expired', async () => {
    server.on('POST', '/auth/reset-password', {
      status: 400,
      body: { detail: 'This password reset link has already been used' },
    });
    const { user, router } = renderApp('/reset-password?token=t0k');
    await user.click(await screen.findByLabelText('New password'));
    await user.paste(STRONG);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link has already been used',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Request a new reset link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it("shows 'Failed to reset password' when the server gives no detail", async () => {
    server.on('POST', '/auth/reset-password', { networkError: true });
    const { user } = renderApp('/reset-password?token=t0k');
    await user.click(await screen.findByLabelText('New password'));
    await user.paste(STRONG);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password');
  });
});
