import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeCampaign } from './campaign-fixtures';

// Submitting runs validation, the request and a navigation: give slow CI machines time.
const SLOW = { timeout: 5000 };

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser() })
    .on('GET', '/campaigns', {
      status: 200,
      body: [makeCampaign({ name: 'Existing' })],
      headers: { 'x-total-count': '1' },
    });
  signIn();
});

async function openCreate() {
  const app = renderApp('/action=create');
  const dialog = await screen.findByRole('dialog', { name: 'Create campaign' });
  const { user } = app;
  // The modal's content loads lazily.
  await within(dialog).findByLabelText(/^Name/);
  const fill = async (label: string | RegExp, value: string) => {
    const field = within(dialog).getByLabelText(label);
    await user.clear(field);
    await user.click(field);
    await user.paste(value);
  };
  await fill(/^Name/, 'Summer sale');
  await fill(/^Landing URL/, 'https://shop.example.com/summer');
  return { ...app, dialog, fill };
}

describe('campaignEdit (create mode at /action=create)', () => {
  it('sends 12.34 EUR as payout_minor 1234 and returns to /campaigns', async () => {
    const created = makeCampaign({ name: 'Summer sale', payout_minor: 1234 });
    server.on('POST', '/campaigns', { status: 201, body: created });
    const { user, dialog, fill, router } = await openCreate();
    await user.selectOptions(within(dialog).getByLabelText('Currency'), 'EUR');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'active');
    await fill('Payout', '12.34');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns'), SLOW);
    expect(server.callsTo('POST', '/campaigns')[0]?.body).toMatchObject({
      name: 'Summer sale',
      landing_url: 'https://shop.example.com/summer',
      currency: 'EUR',
      status: 'active',
      commission_model: 'cpa',
      payout_minor: 1234,
      revshare_bps: null,
      // The browser pixel stays off, without a cap, unless the advertiser turns it on.
      pixel_enabled: false,
      max_order_minor: null,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('turns the browser pixel on with a cap: 250.00 EUR is sent as max_order_minor 25000', async () => {
    server.on('POST', '/campaigns', { status: 201, body: makeCampaign() });
    const { user, dialog, fill } = await openCreate();
    const pixel = within(dialog).getByRole('group', { name: 'Browser pixel' });
    const toggle = within(pixel).getByRole('switch', { name: 'Accept browser pixel conversions' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      'Off by default. Unsigned pixel conversions are capped, one per click, and never approved automatically; a signed pixel counts like a postback.',
    );
    await user.selectOptions(within(dialog).getByLabelText('Currency'), 'EUR');
    await fill('Payout', '10');
    await user.click(toggle);
    await fill('Maximum order amount for unsigned pixels', '250.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));

    await waitFor(() => expect(server.callsTo('POST', '/campaigns')).toHaveLength(1), SLOW);
    expect(server.callsTo('POST', '/campaigns')[0]?.body).toMatchObject({
      currency: 'EUR',
      pixel_enabled: true,
      max_order_minor: 25000,
    });
  });

  it('takes the focus to the first field to fix when Save finds errors', async () => {
    const { user, dialog, fill } = await openCreate();
    await user.clear(within(dialog).getByLabelText(/^Name/));
    await fill(/^Landing URL/, 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Name/)).toHaveFocus());
    expect(server.callsTo('POST', '/campaigns')).toHaveLength(0);
  });

  it('sends a JPY cap of 2500 as 2500 (no decimals) and refuses JPY fractions', async () => {
    server.on('POST', '/campaigns', { status: 201, body: makeCampaign() });
    const { user, dialog, fill } = await openCreate();
    await user.selectOptions(within(dialog).getByLabelText('Currency'), 'JPY');
    await fill('Payout', '500');
    await user.click(within(dialog).getByRole('switch', { name: 'Accept browser pixel conversions' }));
    await fill('Maximum order amount for unsigned pixels', '2500.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));
    expect(await within(dialog).findByText(/JPY has no decimals/)).toBeInTheDocument();
    expect(server.callsTo('POST', '/campaigns')).toHaveLength(0);

    await fill('Maximum order amount for unsigned pixels', '2500');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(server.callsTo('POST', '/campaigns')).toHaveLength(1), SLOW);
    expect(server.callsTo('POST', '/campaigns')[0]?.body).toMatchObject({
      currency: 'JPY',
      pixel_enabled: true,
      max_order_minor: 2500,
    });
  });

  it('says that a revenue-share campaign refuses unsigned pixels until a cap is set', async () => {
    const { user, dialog } = await openCreate();
    const cap = within(dialog).getByLabelText('Maximum order amount for unsigned pixels');
    expect(cap).toHaveAccessibleDescription(/empty means no cap/);
    await user.selectOptions(within(dialog).getByLabelText('Commission model'), 'revshare');
    expect(cap).toHaveAccessibleDescription(
      /pays a revenue share, so unsigned pixels are refused until a maximum is set/,
    );
  });

  it('sends JPY 500 as 500 (no decimals) and refuses JPY fractions', async () => {
    server.on('POST', '/campaigns', { status: 201, body: makeCampaign() });
    const { user, dialog, fill } = await openCreate();
    await user.selectOptions(within(dialog).getByLabelText('Currency'), 'JPY');
    await fill('Payout', '500.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));
    expect(await within(dialog).findByText(/JPY has no decimals/)).toBeInTheDocument();
    expect(server.callsTo('POST', '/campaigns')).toHaveLength(0);

    await fill('Payout', '500');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(server.callsTo('POST', '/campaigns')).toHaveLength(1), SLOW);
    expect(server.callsTo('POST', '/campaigns')[0]?.body).toMatchObject({
      currency: 'JPY',
      payout_minor: 500,
    });
  });

  it('sends a revenue share in basis points', async () => {
    server.on('POST', '/campaigns', { status: 201, body: makeCampaign() });
    const { user, dialog, fill } = await openCreate();
    await user.selectOptions(within(dialog).getByLabelText('Commission model'), 'revshare');
    await fill('Revenue share (%)', '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(server.callsTo('POST', '/campaigns')).toHaveLength(1), SLOW);
    expect(server.callsTo('POST', '/campaigns')[0]?.body).toMatchObject({
      commission_model: 'revshare',
      revshare_bps: 1250,
      payout_minor: null,
    });
  });

  it("shows the server's 422 detail in an alert and keeps the form open", async () => {
    server.on('POST', '/campaigns', {
      status: 422,
      body: { detail: 'ends_at must be after starts_at', errors: [{ field: 'ends_at', message: 'bad' }] },
    });
    const { user, dialog, fill, router } = await openCreate();
    await fill('Payout', '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('ends_at must be after starts_at');
    expect(router.state.location.pathname).toBe('/action=create');
  });

  it('returns to /campaigns when the modal is closed without saving', async () => {
    const { user, dialog, router } = await openCreate();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns'), SLOW);
    // the campaigns page is a lazy route: on a busy machine it can take longer than the navigation
    expect(await screen.findByRole('table', { name: 'Campaigns' }, { timeout: 15_000 })).toBeInTheDocument();
  });
});
