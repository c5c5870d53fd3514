import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentLanguage, setLanguage } from '../../../src/lib/i18n';
import { installFakeServer, type FakeServer } from '../support/fake-server';
import { renderApp, signIn } from '../support/render-app';
import { makeUser } from '../support/users';

let server: FakeServer;

beforeEach(() => {
  server = installFakeServer().on('GET', '/auth/me', { status: 200, body: makeUser() });
});

afterEach(async () => {
  // the other tests read English
  await setLanguage('en');
});

describe('the UI language', () => {
  it('renders the signed-in app in Danish', async () => {
    await setLanguage('da');
    signIn();
    server.on('GET', '/auth/me', { status: 200, body: makeUser({ language: 'da' }) });
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Velkommen, Ada' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Annoncør')).toBeInTheDocument();
    expect(screen.getByText('Profil udfyldt')).toBeInTheDocument();
    const quick = screen.getByRole('navigation', { name: 'Hurtige handlinger' });
    expect(within(quick).getByRole('link', { name: 'Kampagner' })).toHaveAttribute('href', '/campaigns');
    const billing = screen.getByRole('navigation', { name: 'Fakturering' });
    expect(within(billing).getByRole('link', { name: 'Provisioner' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('da');
  });

  it("takes the profile's language when the user loads", async () => {
    signIn();
    server.on('GET', '/auth/me', { status: 200, body: makeUser({ language: 'da' }) });
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Velkommen, Ada' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(currentLanguage()).toBe('da');
  });

  it('switches the texts from the header and saves the choice on the profile', async () => {
    signIn();
    server.on('PUT', '/auth/profile', ({ body }) => ({
      status: 200,
      body: makeUser({ language: (body as { language: 'da' }).language }),
    }));
    const { user } = renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Ada' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'DA: switch the language to Dansk' }));
    expect(
      await screen.findByRole('heading', { name: 'Velkommen, Ada' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Fakturering' })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('PUT', '/auth/profile')[0]?.body).toEqual({ language: 'da' }));
    await user.click(screen.getByRole('button', { name: 'EN: skift sproget til English' }));
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Ada' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('offers the switch on the sign-in page too', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'DA: switch the language to Dansk' }));
    expect(await screen.findByRole('button', { name: 'EN: skift sproget til English' })).toBeInTheDocument();
    expect(server.callsTo('PUT', '/auth/profile')).toHaveLength(0);
  });
});
