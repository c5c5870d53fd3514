import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayUtc } from '../../../../src/lib/date-range';
import { makeCampaign } from '../campaigns/campaign-fixtures';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { paramsOf, recordQueryParams } from '../../support/record-query-params';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { dayReport, makeReport } from './report-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let server: FakeServer;
const sent = recordQueryParams();
const shoes = makeCampaign({ id: 'c-shoes', name: 'Shoes', advertiser_id: 'adv-1' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', {
      status: 200,
      body: makeUser({ id: 'adv-1', role: 'advertiser', preferred_currency: 'DKK' }),
    })
    .on('GET', '/settings/public', { status: 200, body: { default_currency: 'USD' } })
    .on('GET', '/campaigns', { status: 200, body: [shoes] });
  signIn();
});

const reportParams = () => paramsOf(sent, 'GET', '/reports');

async function openAnalytics() {
  const app = renderApp('/campaigns');
  await app.user.click(await screen.findByRole('button', { name: 'More actions for Shoes' }));
  await app.user.click(await screen.findByRole('menuitem', { name: 'Analytics' }));
  return { ...app, dialog: await screen.findByRole('dialog', { name: 'Analytics of Shoes' }) };
}

describe('campaignAnalytics', () => {
  it("shows the campaign's totals for the last 30 days and its daily chart", async () => {
    server.on('GET', '/reports', {
      status: 200,
      body: {
        ...dayReport,
        currency: 'DKK',
        totals: { ...dayReport.totals, currency: 'DKK', revenue_minor: 123450 },
      },
    });
    const { dialog } = await openAnalytics();

    const clicks = await within(dialog).findByRole('group', { name: 'Clicks' });
    expect(clicks).toHaveTextContent('360');
    expect(within(dialog).getByRole('group', { name: 'Conversions' })).toHaveTextContent('9');
    expect(within(dialog).getByRole('group', { name: 'Conversion rate' })).toHaveTextContent('3 %');
    expect(within(dialog).getByRole('group', { name: 'Revenue' })).toHaveTextContent('1.234,50 kr.');
    expect(within(dialog).getByRole('group', { name: 'Spend' })).toHaveTextContent('140,00 kr.');
    expect(within(dialog).getByRole('group', { name: 'EPC' })).toHaveTextContent('0,39 kr.');
    expect(await within(dialog).findByText(/Clicks and conversions by day/)).toBeInTheDocument();

    const today = todayUtc();
    expect(reportParams()[0]).toEqual({
      group_by: 'day',
      from: addDays(today, -29),
      to: today,
      campaign_id: 'c-shoes',
      currency: 'DKK',
      format: 'json',
    });
  });

  it('switches the range and says so when the campaign had no traffic', async () => {
    server.on('GET', '/reports', { status: 200, body: makeReport('day', []) });
    const { dialog, user } = await openAnalytics();
    expect(await within(dialog).findByText(/No clicks on Shoes in this period yet/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(reportParams().at(-1)).toMatchObject({ campaign_id: 'c-shoes', from: addDays(todayUtc(), -6) }),
    );
  });
});
