import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeCampaign } from '../campaigns/campaign-fixtures';
import { makeCommission } from './commission-fixtures';

// The commissions and campaigns screens in Danish: headings, buttons, statuses and plurals come from
// the da catalogs (src/locales/da/{commissions,campaigns}.json), not English copies.
let server: FakeServer;

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer().on('GET', '/auth/me', {
    status: 200,
    // a Danish user: the app takes the profile's language when it loads the user
    body: makeUser({ id: 'adv-1', role: 'advertiser', language: 'da' }),
  });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('in Danish', () => {
  it('shows the commissions list, its statuses and its actions in Danish', async () => {
    server
      .on('GET', '/campaigns', { status: 200, body: [makeCampaign({ id: 'c-shoes', name: 'Shoes' })] })
      .on('GET', '/commissions/totals', {
        status: 200,
        body: [{ currency: 'EUR', status: 'pending', count: 2, amount_minor: 1500 }],
      })
      .on('GET', '/commissions', {
        status: 200,
        body: [makeCommission({ order_id: 'A-1', status: 'pending' })],
        headers: { 'x-total-count': '1' },
      });
    renderApp('/commissions');
    const table = await screen.findByRole('table', { name: 'Provisioner' }, { timeout: 15_000 });
    expect(within(table).getByRole('button', { name: 'Godkend ordre A-1' })).toHaveTextContent('Godkend');
    expect(within(table).getByRole('button', { name: 'Afvis ordre A-1' })).toBeInTheDocument();
    expect(within(table).getAllByText('Afventer').length).toBeGreaterThan(0);
    expect(within(table).getByRole('columnheader', { name: 'Udgiver' })).toBeInTheDocument();
    expect(screen.getByText('Markér afventende provisioner for at afgøre dem samlet.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Alle' })).toBeInTheDocument();
    // the totals card's heading, in Danish words
    const totals = screen.getByRole('region', { name: 'I alt i EUR' });
    expect(within(totals).getByText('Provisioner i EUR')).toBeInTheDocument();
    expect(within(totals).getByText('Afventer · 2')).toBeInTheDocument();
  });

  it('shows the campaigns list with Danish headings, statuses and commission terms', async () => {
    server.on('GET', '/campaigns', {
      status: 200,
      body: [
        makeCampaign({ name: 'Shoes', status: 'paused', commission_model: 'cpa', advertiser_id: 'adv-1' }),
      ],
      headers: { 'x-total-count': '1' },
    });
    renderApp('/campaigns');
    const table = await screen.findByRole('table', { name: 'Kampagner' }, { timeout: 15_000 });
    expect(within(table).getByRole('columnheader', { name: 'Provision' })).toBeInTheDocument();
    expect(within(table).getByText('Sat på pause')).toBeInTheDocument();
    expect(within(table).getByText(/pr\. salg/)).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Redigér Shoes' })).toHaveTextContent('Redigér');
    expect(screen.getByLabelText('Søg i kampagner')).toBeInTheDocument();
  });
});
