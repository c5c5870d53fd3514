import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrencyHealth } from '../../../../src/features/currency/types';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

vi.setConfig({ testTimeout: 30_000 });

const DEGRADED: CurrencyHealth = {
  health: 'degraded',
  provider: 'rates.example',
  last_success_at: null,
  source: 'provider',
  last_attempt_at: '2025-06-02T09:00:00.000Z',
  as_of: '2025-05-30',
  reason: 'The provider answered HTML instead of ECB XML',
};

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'admin-1', role: 'admin', language: 'da' }) })
    .on('GET', '/currency/health', { status: 200, body: DEGRADED });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('exchange-rate health in Danish', () => {
  it('names the state, the rows and the button in Danish', async () => {
    renderApp('/settings');
    const table = await screen.findByRole('table', { name: 'Valutakursudbyder' }, { timeout: 15_000 });
    expect(within(table).getByRole('row', { name: /^Kurser i brug/ })).toHaveTextContent('Kursudbyderen');
    expect(within(table).getByRole('row', { name: /^Seneste vellykkede hentning/ })).toHaveTextContent(
      'Aldrig',
    );
    expect(screen.getByText('Begrænset')).toBeInTheDocument();
    expect(screen.getByText('Hvorfor begrænset')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opdatér kurser nu' })).toBeInTheDocument();
  });
});
