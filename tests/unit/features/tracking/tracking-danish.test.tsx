import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeCampaign } from '../campaigns/campaign-fixtures';
import { makeTrackingLink } from './tracking-fixtures';

vi.setConfig({ testTimeout: 30_000 });

const shoes = makeCampaign({ id: 'c-shoes', name: 'Shoes', currency: 'EUR', tracking_secret: 'sec-shoes-1' });

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'adv-1', language: 'da' }) })
    .on('GET', '/campaigns', { status: 200, body: [shoes], headers: { 'x-total-count': '1' } })
    .on('GET', '/tracking/links', {
      status: 200,
      body: [
        makeTrackingLink({ campaign_id: 'c-shoes', publisher_name: 'Paula', clicks: 1409 }),
        makeTrackingLink({ campaign_id: 'c-shoes', publisher_name: 'Peter', application_status: 'pending' }),
      ],
    });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('advertiser /tracking in Danish', () => {
  it('names the links, statuses, postback and secret in Danish', async () => {
    renderApp('/tracking');
    const table = await screen.findByRole('table', { name: 'Sporingslinks' }, { timeout: 15_000 });
    const paula = within(table).getByRole('row', { name: /Paula/ });
    expect(within(paula).getByText('Aktiv')).toBeInTheDocument();
    expect(within(paula).getByText('1.409')).toBeInTheDocument();
    expect(within(paula).getByRole('button', { name: /^Kopiér linket til Paula/ })).toBeInTheDocument();
    const peter = within(table).getByRole('row', { name: /Peter/ });
    expect(within(peter).getByText('Ansøgning afventer')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Konverteringer' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Postback' })).toBeInTheDocument();
    expect(screen.getByText('Postback-URL (POST, JSON eller formular)')).toBeInTheDocument();
    expect(screen.getByLabelText('Sporingshemmelighed (skjult)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vis hemmelighed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kør sporingstest' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Browserpixel' })).toBeInTheDocument();
  });
});
