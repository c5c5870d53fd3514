import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeCampaign } from './campaign-fixtures';

vi.setConfig({ testTimeout: 90_000 });

const DEFAULTS = {
  hold_score: 50,
  reject_score: 100,
  min_seconds_to_convert: 3,
  max_conversions_per_ip_day: 5,
  max_clicks_per_ip_minute: 10,
  cr_spike_factor: 3,
};

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser() })
    .on('GET', '/campaigns', { status: 200, body: [], headers: { 'x-total-count': '0' } })
    .on('GET', '/fraud/settings', {
      status: 200,
      body: { defaults: DEFAULTS, built_in: DEFAULTS, weights: {} },
    });
  signIn();
});

describe('the campaign form’s fraud thresholds', () => {
  it('shows the platform defaults as placeholders, checks the values and sends empty fields as null', async () => {
    server.on('POST', '/campaigns', { status: 201, body: makeCampaign() });
    const { user } = renderApp('/action=create');
    const dialog = await screen.findByRole('dialog', { name: 'Create campaign' }, { timeout: 30_000 });
    await within(dialog).findByLabelText(/^Name/, {}, { timeout: 15_000 });
    const fill = async (label: string | RegExp, value: string) => {
      const field = within(dialog).getByLabelText(label);
      await user.clear(field);
      await user.click(field);
      await user.paste(value);
    };
    await fill(/^Name/, 'Guarded sale');
    await fill(/^Landing URL/, 'https://shop.example.com/guarded');
    await fill('Payout', '5');
    expect(
      await within(dialog).findByPlaceholderText('default: 3 s', {}, { timeout: 10_000 }),
    ).toHaveAccessibleName('Minimum time to convert');
    expect(within(dialog).getByLabelText('Hold score')).toHaveAttribute('placeholder', 'default: 50');
    expect(within(dialog).getByLabelText('Conversion-rate spike factor')).toHaveAttribute(
      'placeholder',
      'default: 3×',
    );

    await fill('Hold score', '80');
    await fill('Reject score', '60');
    await fill('Max clicks per address a minute', '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));
    expect(
      await within(dialog).findByText('The reject score must be above the hold score (80).'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Enter a whole number from 1 to 100000, or leave it empty for the default.'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', '/campaigns')).toHaveLength(0);

    await fill('Reject score', '120');
    await user.clear(within(dialog).getByLabelText('Max clicks per address a minute'));
    await fill('Minimum time to convert', '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(server.callsTo('POST', '/campaigns')).toHaveLength(1));
    expect(server.callsTo('POST', '/campaigns')[0]?.body).toMatchObject({
      fraud: {
        hold_score: 80,
        reject_score: 120,
        min_seconds_to_convert: 10,
        max_conversions_per_ip_day: null,
        max_clicks_per_ip_minute: null,
        cr_spike_factor: null,
      },
    });
  });

  it('shows the campaign’s own thresholds on its details', async () => {
    const campaign = makeCampaign({
      name: 'Shoes',
      fraud: {
        hold_score: 60,
        reject_score: null,
        min_seconds_to_convert: 5,
        max_conversions_per_ip_day: null,
        max_clicks_per_ip_minute: null,
        cr_spike_factor: null,
      },
    });
    server
      .on('GET', '/campaigns', { status: 200, body: [campaign] })
      .on('GET', `/campaigns/${campaign.id}`, { status: 200, body: campaign });
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'Shoes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shoes' });
    const row = (await within(dialog).findByRole('rowheader', { name: 'Fraud thresholds' })).closest('tr')!;
    expect(row).toHaveTextContent('Hold score 60 · Minimum time to convert 5 s (others: platform defaults)');
  });
});
