import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Application } from '../../../../src/features/applications/types';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

// A Danish publisher's applications: filter, table, statuses, actions and empty state from
// src/locales/da/applications.json.
let server: FakeServer;

function makeApplication(overrides: Partial<Application> = {}): Application {
  return {
    id: 'a-1',
    campaign_id: 'c-1',
    publisher_id: 'pub-1',
    website_id: 'w-1',
    status: 'pending',
    message: '',
    reason: null,
    tracking_code: null,
    created_at: '2025-03-01T00:00:00.000Z',
    decided_at: null,
    campaign_name: 'Shoes',
    website_url: 'https://blog.example',
    publisher_name: 'Paula',
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

describe('applications in Danish', () => {
  it('shows a publisher’s applications with Danish headings, statuses and actions', async () => {
    server.on('GET', '/applications', {
      status: 200,
      body: [
        makeApplication({ id: 'a-1', status: 'pending', campaign_name: 'Shoes' }),
        makeApplication({ id: 'a-2', status: 'approved', campaign_name: 'Bags', tracking_code: 'abc' }),
      ],
    });
    renderApp('/applications');
    const table = await screen.findByRole('table', { name: 'Ansøgninger' }, { timeout: 30_000 });
    expect(within(table).getByRole('columnheader', { name: 'Kampagne' })).toBeInTheDocument();
    expect(within(table).getByText('Afventer')).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: 'Træk ansøgningen til Shoes tilbage' }),
    ).toHaveTextContent('Træk tilbage');
    expect(within(table).getByRole('button', { name: 'Kopiér link' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filtrér efter status' })).toBeInTheDocument();
  });

  it('says in Danish that no application has the chosen status', async () => {
    server.on('GET', '/applications', { status: 200, body: [] });
    renderApp('/applications?status=withdrawn');
    expect(
      await screen.findByText('Ingen tilbagetrukne ansøgninger', {}, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vis alle ansøgninger' })).toBeInTheDocument();
  });
});
