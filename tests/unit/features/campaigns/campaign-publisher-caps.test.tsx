import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeCampaign } from './campaign-fixtures';

// The campaign form's caps per publisher (issue 46): counts as whole numbers, commission typed in the
// campaign's currency and sent in minor units, an empty field no cap.

vi.setConfig({ testTimeout: 200_000 });

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser() })
    .on('GET', '/campaigns', { status: 200, body: [], headers: { 'x-total-count': '0' } });
  signIn();
});

describe('the campaign form’s caps per publisher', () => {
  it('sends 400.50 EUR a month as 40050 minor units, empty fields as null, and refuses bad caps', async () => {
    server.on('POST', '/campaigns', { status: 201, body: makeCampaign() });
    const { user } = renderApp('/action=create');
    const dialog = await screen.findByRole('dialog', { name: 'Create campaign' }, { timeout: 15_000 });
    await within(dialog).findByLabelText(/^Name/, {}, { timeout: 15_000 });
    const fill = async (label: string | RegExp, value: string) => {
      const field = within(dialog).getByLabelText(label);
      await user.clear(field);
      await user.click(field);
      await user.paste(value);
    };
    await fill(/^Name/, 'Capped sale');
    await fill(/^Landing URL/, 'https://shop.example.com/capped');
    await user.selectOptions(within(dialog).getByLabelText('Currency'), 'EUR');
    await fill('Payout', '5');
    expect(within(dialog).getByRole('group', { name: 'Caps per publisher' })).toBeInTheDocument();
    await fill('Conversions per day', '2.5');
    await fill('Commission per month (EUR)', '400.505');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));
    expect(await within(dialog).findByText(/Enter a whole number of 1 or more/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Enter an amount above 0 in EUR/)).toBeInTheDocument();
    expect(server.callsTo('POST', '/campaigns')).toHaveLength(0);

    await fill('Conversions per day', '5');
    await fill('Commission per month (EUR)', '400.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(server.callsTo('POST', '/campaigns')).toHaveLength(1));
    expect(server.callsTo('POST', '/campaigns')[0]?.body).toMatchObject({
      publisher_caps: {
        daily_conversions: 5,
        monthly_conversions: null,
        daily_commission_minor: null,
        monthly_commission_minor: 40_050,
      },
    });
  });

  it('shows a campaign’s caps in the form and on its details', async () => {
    const campaign = makeCampaign({
      id: 'c-capped',
      name: 'Capped',
      currency: 'JPY',
      publisher_caps: {
        daily_conversions: 3,
        monthly_conversions: null,
        daily_commission_minor: 5000,
        monthly_commission_minor: null,
      },
    });
    server
      .on('GET', '/campaigns', { status: 200, body: [campaign], headers: { 'x-total-count': '1' } })
      .on('GET', '/campaigns/c-capped', { status: 200, body: campaign });
    const { user } = renderApp('/campaigns');
    await user.click(await screen.findByRole('button', { name: 'Capped' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Capped' });
    const details = await within(dialog).findByRole('table', { name: 'Campaign details' });
    const row = within(details).getByRole('row', { name: /Caps per publisher/ });
    expect(row.textContent).toContain('3 conversions a day; ');
    expect(row.textContent).toMatch(/¥5,000\)? a day$/);
  });
});
