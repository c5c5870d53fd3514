import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { campaignKeys } from '../../../../src/features/campaigns/api/campaign-keys';
import type { Campaign } from '../../../../src/features/campaigns/types';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, showAmountsIn, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeCampaign } from './campaign-fixtures';

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer().on('GET', '/auth/me', { status: 200, body: makeUser() });
  signIn();
});

const table = () => screen.findByRole('table', { name: 'Campaigns' });
const rowNames = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('campaigns screen', () => {
  it('lists campaigns with their commission and paginates with the total from X-Total-Count', async () => {
    server.on('GET', '/campaigns', {
      status: 200,
      body: [
        makeCampaign({ name: 'Shoes', payout_minor: 1234 }),
        makeCampaign({ name: 'Bags', commission_model: 'revshare', payout_minor: null, revshare_bps: 1250 }),
      ],
      headers: { 'x-total-count': '25' },
    });
    showAmountsIn('u-1', 'EUR');
    renderApp('/campaigns');
    expect(await rowNames()).toEqual(['Shoes', 'Bags']);
    expect(screen.getByText('€12.34 per sale')).toBeInTheDocument();
    expect(screen.getByText('12.5 % of each order')).toBeInTheDocument();
    expect(screen.getByText('25 campaigns')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create campaign' })).toBeInTheDocument();
  });

  it('shows the error and rolls the cached campaign back when an edit is refused', async () => {
    const original = makeCampaign({ name: 'Old name' });
    server
      .on('GET', '/campaigns', { status: 200, body: [original], headers: { 'x-total-count': '1' } })
      .on('PUT', `/campaigns/${original.id}`, {
        status: 422,
        body: { detail: 'an ended campaign cannot be reopened' },
      });
    const { user, queryClient } = renderApp('/campaigns');
    queryClient.setQueryData(campaignKeys.detail(original.id), original);

    await user.click(await screen.findByRole('button', { name: `Edit ${original.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${original.name}` });
    const name = await within(dialog).findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'New name');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));

    expect(await within(dialog).findByText('an ended campaign cannot be reopened')).toBeInTheDocument();
    expect(queryClient.getQueryData<Campaign>(campaignKeys.detail(original.id))).toEqual(original);
    expect(server.callsTo('PUT', `/campaigns/${original.id}`)[0]?.body).toMatchObject({ name: 'New name' });
    // The list keeps the old name and says what went wrong.
    expect(screen.getAllByText('an ended campaign cannot be reopened').length).toBeGreaterThan(1);
    expect(await rowNames()).toEqual(['Old name']);
  });

  it('deletes a campaign after confirmation', async () => {
    const [keep, drop] = [makeCampaign({ name: 'Keep' }), makeCampaign({ name: 'Drop' })];
    server
      .on('GET', '/campaigns', { status: 200, body: [keep, drop], headers: { 'x-total-count': '2' } })
      .on('DELETE', `/campaigns/${drop.id}`, { status: 204 });
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'More actions for Drop' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete campaign' }));
    await waitFor(async () => expect(await rowNames()).toEqual(['Keep']));
  });

  it('ends a campaign with tracking history instead of deleting it, and says so', async () => {
    const tracked = makeCampaign({ name: 'Tracked', status: 'active' });
    server
      .on('GET', '/campaigns', { status: 200, body: [tracked], headers: { 'x-total-count': '1' } })
      .on('DELETE', `/campaigns/${tracked.id}`, { status: 200, body: { ...tracked, status: 'ended' } });
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'More actions for Tracked' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete campaign' }));
    expect(
      await screen.findByText('Campaign has tracking history, so it was ended instead of deleted'),
    ).toBeInTheDocument();
    expect(await rowNames()).toEqual(['Tracked']);
    const row = within(await table()).getAllByRole('row')[1]!;
    expect(within(row).getByText('Ended')).toBeInTheDocument();
  });

  it('opens campaignDetails with a masked tracking secret the owner can reveal', async () => {
    const campaign = makeCampaign({ name: 'Shoes', tracking_secret: 'ts-123' });
    server
      .on('GET', '/campaigns', { status: 200, body: [campaign] })
      .on('GET', `/campaigns/${campaign.id}`, { status: 200, body: campaign });
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'Shoes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shoes' });
    expect(await within(dialog).findByLabelText('Tracking secret (hidden)')).toBeInTheDocument();
    expect(within(dialog).queryByText('ts-123')).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Reveal secret' }));
    expect(within(dialog).getByText('ts-123')).toBeInTheDocument();
  });

  // The figures themselves: tests/unit/features/reports/campaign-analytics.test.tsx.
  it('opens analytics for the campaign', async () => {
    const campaign = makeCampaign({ name: 'Shoes' });
    server.on('GET', '/campaigns', { status: 200, body: [campaign] });
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'More actions for Shoes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Analytics' }));
    expect(await screen.findByRole('dialog', { name: 'Analytics of Shoes' })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/reports')).toHaveLength(1));
  });

  it('lets publishers apply with a verified website, and links the advertiser', async () => {
    const campaign = makeCampaign({ name: 'Shoes', advertiser_id: 'adv-1', tracking_secret: undefined });
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'pub-1', role: 'publisher' }) })
      .on('GET', '/campaigns', { status: 200, body: [campaign] })
      .on('GET', `/campaigns/${campaign.id}`, { status: 200, body: campaign })
      .on('GET', '/advertisers/adv-1', {
        status: 200,
        body: {
          id: 'adv-1',
          name: 'Alice',
          company_name: 'Shoe Shop ApS',
          website: null,
          country: 'DK',
          active_campaigns: 3,
          created_at: '2025-01-01T00:00:00.000Z',
        },
      })
      .on('GET', '/websites', {
        status: 200,
        body: [
          { id: 'w-1', name: 'Blog', url: 'https://blog.example', verification_status: 'verified' },
          { id: 'w-2', name: 'New', url: 'https://new.example', verification_status: 'unverified' },
        ],
      })
      .on('POST', '/applications', { status: 201, body: { id: 'a-1', status: 'pending' } });
    const { user } = renderApp('/campaigns');
    expect(screen.queryByRole('button', { name: 'Create campaign' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Shoes' }));
    const details = await screen.findByRole('dialog', { name: 'Shoes' });
    await user.click(await within(details).findByRole('button', { name: 'Shoe Shop ApS' }));
    expect(await screen.findByText('Active campaigns')).toBeInTheDocument();
  });

  it("says before the form when the campaign's countries leave the publisher out", async () => {
    const campaign = makeCampaign({
      name: 'Pay',
      allowed_countries: ['GB', 'IE'],
      tracking_secret: undefined,
    });
    const paula = makeUser({ id: 'pub-1', role: 'publisher' });
    server
      .on('GET', '/auth/me', {
        status: 200,
        body: { ...paula, profile: { ...paula.profile, country: 'PT' } },
      })
      .on('GET', '/campaigns', { status: 200, body: [campaign] })
      .on('GET', `/campaigns/${campaign.id}`, { status: 200, body: campaign })
      .on('GET', '/websites', {
        status: 200,
        body: [{ id: 'w-1', name: 'Blog', url: 'https://blog.example', verification_status: 'verified' }],
      });
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'Apply to Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply to Pay' });
    expect(await within(dialog).findByText('You cannot apply to this campaign')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'This campaign accepts publishers from United Kingdom, Ireland only; your profile says Portugal.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument();
  });

  it('sends an application from campaignApplication', async () => {
    const campaign = makeCampaign({ name: 'Shoes', tracking_secret: undefined });
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'pub-1', role: 'publisher' }) })
      .on('GET', '/campaigns', { status: 200, body: [campaign] })
      .on('GET', '/websites', {
        status: 200,
        body: [
          { id: 'w-2', name: 'New', url: 'https://new.example', verification_status: 'unverified' },
          { id: 'w-1', name: 'Blog', url: 'https://blog.example', verification_status: 'verified' },
        ],
      })
      .on('POST', '/applications', { status: 201, body: { id: 'a-1', status: 'pending' } });
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'Apply to Shoes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply to Shoes' });
    await user.type(await within(dialog).findByLabelText('Message to the advertiser'), 'Hi!');
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect(await within(dialog).findByText('Application sent')).toBeInTheDocument();
    expect(server.callsTo('POST', '/applications')[0]?.body).toEqual({
      campaign_id: campaign.id,
      website_id: 'w-1',
      message: 'Hi!',
    });
  });
});
