import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublisherSummary } from '../../../../src/features/publishers/types';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

// The publisher directory and card for a Danish advertiser: src/locales/da/publishers.json.
const paula: PublisherSummary = {
  id: 'pub-1',
  name: 'Paula P',
  display_name: 'Tech Reviews Daily',
  country: 'SE',
  created_at: '2025-01-01T00:00:00.000Z',
  websites_count: 3,
  verified_websites_count: 2,
  monthly_visitors: 45000,
  categories: ['electronics', 'software'],
};

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ language: 'da' }) })
    .on('GET', '/publishers', { status: 200, body: [paula], headers: { 'x-total-count': '1' } })
    .on('GET', '/publishers/pub-1', { status: 200, body: paula });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('publishers in Danish', () => {
  it('lists publishers and opens a publisher card in Danish', async () => {
    const { user } = renderApp('/publishers');
    const table = await screen.findByRole('table', { name: 'Udgivere' }, { timeout: 45_000 });
    expect(within(table).getByRole('columnheader', { name: 'Bekræftede websteder' })).toBeInTheDocument();
    expect(within(table).getByText('45.000')).toBeInTheDocument();
    expect(within(table).getByText('Elektronik, Software')).toBeInTheDocument();
    expect(screen.getByLabelText('Søg i udgivere')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Tech Reviews Daily' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tech Reviews Daily' });
    expect(await within(dialog).findByText('2 bekræftet af 3')).toBeInTheDocument();
    expect(within(dialog).getByText('Medlem siden')).toBeInTheDocument();
  });
});
