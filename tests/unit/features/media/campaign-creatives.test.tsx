import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Media } from '../../../../src/features/media/types';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeCampaign } from '../campaigns/campaign-fixtures';

const banner: Media = {
  id: 'm-banner',
  owner_id: 'u-1',
  filename: 'summer-728x90.png',
  content_type: 'image/png',
  kind: 'image',
  size_bytes: 4096,
  width: 728,
  height: 90,
  url: '/api/media/m-banner/file',
  thumbnail_url: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser() })
    .on('GET', '/campaigns', { status: 200, body: [], headers: { 'x-total-count': '0' } })
    .on('GET', '/media', { status: 200, body: [banner], headers: { 'x-total-count': '1' } })
    .on('GET', `/media/${banner.id}`, { status: 200, body: banner });
  signIn();
});

describe('campaignEdit: creatives, tiers and countries', () => {
  it('sends a creative picked from the media library, a volume tier and the allowed countries', async () => {
    server.on('POST', '/campaigns', { status: 201, body: makeCampaign() });
    const { user } = renderApp('/action=create');
    const dialog = await screen.findByRole('dialog', { name: 'Create campaign' });
    await user.type(await within(dialog).findByLabelText(/^Name/), 'Summer');
    await user.type(within(dialog).getByLabelText(/^Landing URL/), 'https://shop.example.com');
    await user.type(within(dialog).getByLabelText('Payout'), '10');

    await user.click(within(dialog).getByRole('button', { name: 'Choose creatives from the media library' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'summer-728x90.png' }));
    const chosen = within(dialog).getByRole('list', { name: 'Chosen creatives' });
    expect(await within(chosen).findByRole('listitem', { name: 'summer-728x90.png' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add tier' }));
    await user.type(within(dialog).getByLabelText('Tier 1: from conversions/month'), '15');
    await user.type(within(dialog).getByLabelText('Tier 1: Payout (USD)'), '12.50');

    await user.click(within(dialog).getByRole('combobox', { name: 'Allowed countries' }));
    await user.keyboard('denm');
    await user.click(await screen.findByRole('option', { name: 'Denmark (DK)' }));

    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(server.callsTo('POST', '/campaigns')).toHaveLength(1));
    expect(server.callsTo('POST', '/campaigns')[0]?.body).toMatchObject({
      creative_ids: [banner.id],
      tiers: [{ min_conversions_in_month: 15, payout_minor: 1250 }],
      allowed_countries: ['DK'],
      publisher_overrides: [],
    });
  }, 20_000);

  it('refuses a tier without an amount before sending', async () => {
    const { user } = renderApp('/action=create');
    const dialog = await screen.findByRole('dialog', { name: 'Create campaign' });
    await user.type(await within(dialog).findByLabelText(/^Name/), 'Summer');
    await user.type(within(dialog).getByLabelText(/^Landing URL/), 'https://shop.example.com');
    await user.type(within(dialog).getByLabelText('Payout'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add tier' }));
    await user.type(within(dialog).getByLabelText('Tier 1: from conversions/month'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));
    expect(
      await within(dialog).findByText('Enter an amount above 0 with at most 2 decimals'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/campaigns')).toEqual([]);
  }, 20_000);
});
