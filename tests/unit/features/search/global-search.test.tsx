import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../../src/features/search/types';
import { db } from '../../../../src/lib/db';
import { makeCampaign } from '../campaigns/campaign-fixtures';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { paramsOf, recordQueryParams } from '../../support/record-query-params';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { formatDate } from '../../../../src/lib/format-date';
import { searchResults } from './search-fixtures';

let server: FakeServer;
const sent = recordQueryParams();

const gear: SearchResult = {
  id: 'camp-1',
  type: 'campaign',
  title: 'Marathon Gear',
  subtitle: 'Fashion · Active · CPA',
  url: '/campaigns?campaign=camp-1',
};
const walker: SearchResult = {
  id: 'pub-2',
  type: 'publisher',
  title: 'Walker Weekly',
  subtitle: 'Peter Walker · SE · Publisher',
  url: '/publishers?publisher=pub-2',
};

const note: SearchResult = {
  id: 'msg-3',
  type: 'message',
  title: 'Is the marathon banner ready?',
  subtitle: 'Ada Admin',
  date: '2025-03-04',
  url: '/conversation=conv-3',
};

const searchCalls = () => paramsOf(sent, 'GET', '/search/global');

beforeEach(async () => {
  await db.recentSearches.clear();
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'adv-1' }) })
    .on('GET', '/campaigns', { status: 200, body: [], headers: { 'x-total-count': '0' } })
    .on('GET', '/campaigns/camp-1', {
      status: 200,
      body: makeCampaign({ id: 'camp-1', name: 'Marathon Gear' }),
    })
    .on('GET', '/search/global', {
      status: 200,
      body: searchResults({ campaigns: [gear], publishers: [walker], messages: [note] }),
    });
  signIn();
});

async function openSearch() {
  const rendered = renderApp('/campaigns');
  await rendered.user.click((await screen.findAllByRole('button', { name: 'Search' }))[0]!);
  const input = await screen.findByRole('textbox', { name: 'Search' });
  await waitFor(() => expect(input).toHaveFocus());
  return { ...rendered, input };
}

describe('global search', { timeout: 20_000 }, () => {
  it('waits for 2 characters and 300 ms of quiet before asking the server, once', async () => {
    const { user } = await openSearch();
    await user.keyboard('m');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(searchCalls()).toEqual([]);
    expect(screen.getByText('Type at least 2 characters.')).toBeInTheDocument();

    await user.keyboard('ara');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(searchCalls()).toEqual([]);
    expect(await screen.findByText('Marathon Gear')).toBeInTheDocument();
    expect(searchCalls()).toEqual([{ q: 'mara', limit: 10 }]);
  });

  it('groups results by type, selects the first, and opens it with Enter', async () => {
    const { user, router } = await openSearch();
    await user.keyboard('maraton');
    await screen.findByText('Marathon Gear');
    const list = screen.getByLabelText('Search results');
    expect(within(list).getByRole('group', { name: 'Campaigns' })).toHaveTextContent('Marathon Gear');
    expect(within(list).getByRole('group', { name: 'Publishers' })).toHaveTextContent('Walker Weekly');
    expect(within(list).queryByRole('group', { name: 'Invoices' })).not.toBeInTheDocument();
    // a message's day is written like every other date of the app, after its sender
    expect(within(list).getByRole('group', { name: 'Messages' })).toHaveTextContent(
      `Ada Admin · ${formatDate('2025-03-04')}`,
    );
    expect(list).not.toHaveTextContent('2025-03-04');

    // the best match is selected as the results arrive; the arrows move on from it
    const option = (name: string) => within(list).getByText(name).closest('[data-action]');
    await waitFor(() => expect(option('Marathon Gear')).toHaveAttribute('data-selected'));
    await user.keyboard('{ArrowDown}');
    expect(option('Walker Weekly')).toHaveAttribute('data-selected');
    expect(option('Marathon Gear')).not.toHaveAttribute('data-selected');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Marathon Gear' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/campaigns');
    expect(router.state.location.search).toBe('');
  });

  it('shows first the group whose title is what was typed, so Enter opens it', async () => {
    const { user, router } = await openSearch();
    await user.keyboard('walker');
    await screen.findByText('Walker Weekly');
    const list = screen.getByLabelText('Search results');
    const groups = within(list)
      .getAllByRole('group')
      .map((group) => group.getAttribute('aria-label'));
    expect(groups).toEqual(['Publishers', 'Campaigns', 'Messages']);
    const option = (name: string) => within(list).getByText(name).closest('[data-action]');
    await waitFor(() => expect(option('Walker Weekly')).toHaveAttribute('data-selected'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/publishers'));
    expect(router.state.location.search).toBe('?publisher=pub-2');
  });

  it("shows 'Search failed. Please try again.' and no stale results when the server fails", async () => {
    const { user } = await openSearch();
    await user.keyboard('marathon');
    expect(await screen.findByText('Marathon Gear')).toBeInTheDocument();
    server.on('GET', '/search/global', { status: 500, body: { detail: 'boom' } });
    await user.keyboard(' gear');
    expect(await screen.findByText('Search failed. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Marathon Gear')).not.toBeInTheDocument();
  });

  it('remembers the searches that opened something and lists them, newest first, when the box is empty', async () => {
    const { user } = await openSearch();
    expect(screen.getByText(/Search campaigns, publishers/)).toBeInTheDocument();
    await user.keyboard('walker');
    await user.click(await screen.findByText('Walker Weekly'));
    await waitFor(async () => expect((await db.recentSearches.get('adv-1'))?.queries).toEqual(['walker']));

    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('textbox', { name: 'Search' });
    expect(input).toHaveValue('');
    const recent = await screen.findByRole('group', { name: 'Recent searches' });
    await user.click(within(recent).getByText('walker'));
    expect(input).toHaveValue('walker');

    await user.clear(input);
    await user.click(await screen.findByText('Clear recent searches'));
    await waitFor(async () => expect(await db.recentSearches.get('adv-1')).toBeUndefined());
    expect(screen.queryByRole('group', { name: 'Recent searches' })).not.toBeInTheDocument();
  });
});
