import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '../../../../src/features/search/types';
import { db } from '../../../../src/lib/db';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { searchResults } from './search-fixtures';

vi.setConfig({ testTimeout: 30_000 });

const gear: SearchResult = {
  id: 'camp-1',
  type: 'campaign',
  title: 'Marathon Gear',
  subtitle: 'Mode · Aktiv · CPA',
  url: '/campaigns?campaign=camp-1',
};

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await db.recentSearches.clear();
  installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'adv-1', language: 'da' }) })
    .on('GET', '/campaigns', { status: 200, body: [], headers: { 'x-total-count': '0' } })
    .on('GET', '/search/global', { status: 200, body: searchResults({ campaigns: [gear] }) });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('global search in Danish', () => {
  it('names the box, the hint, the groups and the result types in Danish', async () => {
    const { user } = renderApp('/campaigns');
    await user.click((await screen.findAllByRole('button', { name: 'Søg' }, { timeout: 15_000 }))[0]!);
    const input = await screen.findByRole('textbox', { name: 'Søg' });
    await waitFor(() => expect(input).toHaveFocus());
    expect(
      screen.getByText('Søg i kampagner, udgivere, annoncører, websteder, ansøgninger og fakturaer.'),
    ).toBeInTheDocument();
    await user.keyboard('m');
    expect(await screen.findByText('Skriv mindst 2 tegn.')).toBeInTheDocument();
    await user.keyboard('a');
    const group = await screen.findByRole('group', { name: 'Kampagner' });
    expect(within(group).getByText('Kampagne')).toBeInTheDocument();
    expect(within(group).getByText('Marathon Gear')).toBeInTheDocument();
  });
});
