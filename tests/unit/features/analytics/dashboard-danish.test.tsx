import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeDashboard } from './dashboard-fixtures';

vi.setConfig({ testTimeout: 60_000 });

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  installFakeServer()
    .on('GET', '/auth/me', {
      status: 200,
      body: makeUser({ preferred_currency: 'EUR', language: 'da' }),
    })
    .on('GET', '/settings/public', { status: 200, body: { default_currency: 'USD' } })
    .on('GET', '/admin/settings', { status: 200, body: { default_currency: 'USD' } })
    .on('GET', '/analytics/dashboard', {
      status: 200,
      body: makeDashboard('advertiser', {
        top: [
          {
            id: 'p-1',
            label: 'Deal Blog',
            clicks: 900,
            conversions: 25,
            revenue_minor: 1,
            commission_minor: 10000,
          },
        ],
      }),
    });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('the dashboard in Danish', () => {
  it('names the figures, their change and the top list in Danish', async () => {
    renderApp('/dashboard');
    // a text query first: role queries over the whole dashboard are slow on a busy machine
    await screen.findByText('Op 20 % ift. forrige periode', {}, { timeout: 40_000 });
    const clicks = within(screen.getByRole('group', { name: 'Klik' }));
    expect(clicks.getByText('Op 20 % ift. forrige periode')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Konverteringsrate' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Forbrug' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Resultater' })).toBeInTheDocument();
    const top = screen.getByRole('table', { name: 'Bedste udgivere' });
    expect(within(top).getByRole('columnheader', { name: 'Udgiver' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Opgaver' })).toBeInTheDocument();
  });
});
