import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Website } from '../../../../src/features/websites/types';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

// A Danish publisher's websites: the table, categories, numbers and the verify panel from
// src/locales/da/websites.json.
let server: FakeServer;

function makeWebsite(overrides: Partial<Website> = {}): Website {
  return {
    id: 'w-1',
    publisher_id: 'pub-1',
    url: 'https://blog.example.com',
    name: 'Gadget blog',
    category: 'electronics',
    monthly_visitors: 12000,
    description: '',
    verification_status: 'unverified',
    verification_method: null,
    verification_token: 'tok-123',
    verification_error: null,
    verified_at: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer().on('GET', '/auth/me', {
    status: 200,
    body: makeUser({ id: 'pub-1', role: 'publisher', language: 'da' }),
  });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('websites in Danish', () => {
  it('shows the websites table and the verify panel in Danish', async () => {
    server.on('GET', '/websites', { status: 200, body: [makeWebsite()] });
    const { user } = renderApp('/websites');
    const table = await screen.findByRole('table', { name: 'Websteder' }, { timeout: 30_000 });
    expect(within(table).getByRole('columnheader', { name: 'Besøgende pr. måned' })).toBeInTheDocument();
    expect(within(table).getByText('Elektronik')).toBeInTheDocument();
    expect(within(table).getByText('12.000')).toBeInTheDocument();
    expect(within(table).getByText('Ikke bekræftet')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Redigér Gadget blog' })).toHaveTextContent('Redigér');

    await user.click(within(table).getByRole('button', { name: 'Bekræftelse af Gadget blog' }));
    const panel = await screen.findByRole('region', { name: 'Bekræft Gadget blog' });
    expect(within(panel).getByText('Tilføj dette tag i <head> på din forside:')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Bekræft med DNS' })).toBeInTheDocument();
  });
});
