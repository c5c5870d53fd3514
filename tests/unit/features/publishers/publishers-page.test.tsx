import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublisherSummary } from '../../../../src/features/publishers/types';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

let server: FakeServer;

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

beforeEach(() => {
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser() })
    .on('GET', '/publishers', { status: 200, body: [paula], headers: { 'x-total-count': '1' } })
    .on('GET', '/publishers/pub-1', { status: 200, body: paula })
    .on('GET', '/search/publishers', {
      status: 200,
      body: [
        {
          id: 'pub-1',
          type: 'publisher',
          title: 'Tech Reviews Daily',
          subtitle: 'Paula P · SE · Publisher',
          url: '/publishers?publisher=pub-1',
        },
      ],
      headers: { 'x-total-count': '1' },
    });
  signIn();
});

describe('publishers directory', () => {
  it('lists publishers and opens a publisher card', async () => {
    const { user } = renderApp('/publishers');
    const table = await screen.findByRole('table', { name: 'Publishers' });
    expect(within(table).getByText('45,000')).toBeInTheDocument();
    expect(within(table).getByText('Electronics, Software')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Tech Reviews Daily' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tech Reviews Daily' });
    expect(await within(dialog).findByText('2 verified of 3')).toBeInTheDocument();
  });

  it('searches in publisherSearch only from 2 characters, typing straight into the focused box', async () => {
    const { user } = renderApp('/publishers');
    await user.click(await screen.findByRole('button', { name: 'Quick search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search publishers' });
    const input = await within(dialog).findByLabelText('Search publishers by name');
    await waitFor(() => expect(input).toHaveFocus());
    await user.keyboard('T');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.callsTo('GET', '/search/publishers')).toHaveLength(0);
    await user.keyboard('e');
    await user.click(await within(dialog).findByRole('button', { name: /Tech Reviews Daily/ }));
    expect(await screen.findByText('2 verified of 3')).toBeInTheDocument();
  });
});
