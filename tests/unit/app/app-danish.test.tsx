import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../src/lib/i18n';
import { installFakeServer } from '../support/fake-server';
import { renderApp, signIn } from '../support/render-app';
import { makeUser } from '../support/users';

vi.setConfig({ testTimeout: 150_000, hookTimeout: 60_000 });

// The app's pages in Danish: page headings and texts, the shell's labels and each route's document title
// ("Kampagner · Affilio") from src/locales/da/app.json.
beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  document.title = 'Affilio';
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('the app in Danish', () => {
  it('names the page, the tab and the shell in Danish for a Danish advertiser', async () => {
    installFakeServer()
      .on('GET', '/auth/me', {
        status: 200,
        body: makeUser({ id: 'adv-1', role: 'advertiser', language: 'da' }),
      })
      .on('GET', '/campaigns', { status: 200, body: [], headers: { 'x-total-count': '0' } })
      .on('GET', '/commissions', { status: 200, body: [], headers: { 'x-total-count': '0' } })
      .on('GET', '/commissions/totals', { status: 200, body: [] });
    signIn();
    const { router } = renderApp('/campaigns');
    expect(
      await screen.findByRole('heading', { name: 'Kampagner', level: 1 }, { timeout: 75_000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Dine kampagner: opret, redigér og tag stilling til udgiveres ansøgninger.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hurtig søgning' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vis/skjul sidepanel' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Kampagner · Affilio'), { timeout: 45_000 });
    await router.navigate('/commissions');
    await waitFor(() => expect(document.title).toBe('Provisioner · Affilio'), { timeout: 45_000 });
  });

  it('names the sign-in page in the device’s language when signed out', async () => {
    installFakeServer();
    renderApp('/login');
    expect(await screen.findByText('Ny her?', {}, { timeout: 45_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Glemt adgangskode?' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Log ind · Affilio'));
  });
});
