import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { paramsOf, recordQueryParams } from '../../support/record-query-params';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeCampaign } from './campaign-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let server: FakeServer;
const sent = recordQueryParams();

beforeEach(() => {
  server = installFakeServer().on('GET', '/auth/me', { status: 200, body: makeUser() });
  signIn();
});

const rowOf = async (name: string) =>
  within(await screen.findByRole('table', { name: 'Campaigns' }))
    .getByRole('button', { name })
    .closest('tr')!;

describe('campaigns screen for a publisher who applied', () => {
  it("shows the application's state instead of Apply, and Apply again only where a new one is allowed", async () => {
    const approved = makeCampaign({ name: 'Boots' });
    const pending = makeCampaign({ name: 'Tents' });
    const rejected = makeCampaign({ name: 'Stoves' });
    const fresh = makeCampaign({ name: 'Maps' });
    const application = (campaign_id: string, status: string, id: string) => ({
      id,
      campaign_id,
      status,
      publisher_id: 'pub-1',
      website_id: 'w-1',
      message: '',
      reason: null,
      tracking_code: null,
      created_at: '2025-03-01T00:00:00.000Z',
      decided_at: null,
    });
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'pub-1', role: 'publisher' }) })
      .on('GET', '/campaigns', { status: 200, body: [approved, pending, rejected, fresh] })
      .on('GET', '/applications', {
        status: 200,
        body: [
          // An older rejection with another website does not hide the approval.
          application(approved.id, 'rejected', 'a-0'),
          application(approved.id, 'approved', 'a-1'),
          application(pending.id, 'pending', 'a-2'),
          application(rejected.id, 'rejected', 'a-3'),
        ],
      });
    renderApp('/campaigns');

    const boots = await rowOf('Boots');
    expect(await within(boots).findByText('Approved')).toBeInTheDocument();
    expect(within(boots).queryByRole('button', { name: /Apply/ })).not.toBeInTheDocument();
    const tents = await rowOf('Tents');
    expect(within(tents).getByText('Pending')).toBeInTheDocument();
    expect(within(tents).queryByRole('button', { name: /Apply/ })).not.toBeInTheDocument();
    const stoves = await rowOf('Stoves');
    expect(within(stoves).getByText('Rejected')).toBeInTheDocument();
    expect(within(stoves).getByRole('button', { name: 'Apply again to Stoves' })).toBeInTheDocument();
    expect(within(await rowOf('Maps')).getByRole('button', { name: 'Apply to Maps' })).toBeInTheDocument();
  });
});

describe('campaign list query in the URL', () => {
  it('starts from the filters and page in the URL and writes changes back', async () => {
    server.on('GET', '/campaigns', {
      status: 200,
      body: [makeCampaign({ name: 'Hut to hut', category: 'travel' })],
      headers: { 'x-total-count': '25' },
    });
    const { user, router } = renderApp('/campaigns?category=travel&page=2&q=hut');

    await rowOf('Hut to hut');
    expect(paramsOf(sent, 'GET', '/campaigns')[0]).toMatchObject({
      category: 'travel',
      search: 'hut',
      offset: 10,
    });
    expect(screen.getByRole('combobox', { name: 'Category filter' })).toHaveValue('travel');
    expect(screen.getByRole('textbox', { name: 'Search campaigns' })).toHaveValue('hut');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status filter' }), 'paused');
    await waitFor(() => expect(router.state.location.search).toBe('?category=travel&q=hut&status=paused'));
    // A new filter starts at page 1 (no page in the URL); paging on writes the page.
    await user.click(await screen.findByRole('button', { name: 'next page' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));
  });

  it('ignores values in the URL it does not know', async () => {
    server.on('GET', '/campaigns', { status: 200, body: [makeCampaign({ name: 'Shoes' })] });
    renderApp('/campaigns?status=bogus&category=weapons&page=-3');
    await rowOf('Shoes');
    const params = paramsOf(sent, 'GET', '/campaigns')[0]!;
    expect(params).not.toHaveProperty('category');
    expect(params).not.toHaveProperty('status');
    expect(params).toMatchObject({ offset: 0 });
  });
});

describe('empty campaign list', () => {
  it('offers an advertiser to create the first campaign', async () => {
    server.on('GET', '/campaigns', { status: 200, body: [], headers: { 'x-total-count': '0' } });
    const { user } = renderApp('/campaigns');
    const empty = (await screen.findByText('No campaigns yet')).closest('div')!.parentElement!;
    await user.click(within(empty).getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByRole('dialog', { name: 'Create campaign' })).toBeInTheDocument();
  });

  it('offers to clear filters that match nothing', async () => {
    server.on('GET', '/campaigns', { status: 200, body: [], headers: { 'x-total-count': '0' } });
    const { user, router } = renderApp('/campaigns?category=travel');
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('No campaigns yet')).toBeInTheDocument();
  });
});
