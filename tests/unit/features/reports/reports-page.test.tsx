import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayUtc } from '../../../../src/lib/date-range';
import { makeCampaign } from '../campaigns/campaign-fixtures';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { paramsOf, recordQueryParams } from '../../support/record-query-params';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { campaignReport, dayReport, makeReport, makeRow } from './report-fixtures';
import { formatDate } from '../../../../src/lib/format-date';

vi.setConfig({ testTimeout: 20_000 });

let server: FakeServer;
const sent = recordQueryParams();

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', {
      status: 200,
      body: makeUser({ id: 'adv-1', role: 'advertiser', preferred_currency: 'EUR' }),
    })
    .on('GET', '/settings/public', { status: 200, body: { default_currency: 'USD' } })
    .on('GET', '/campaigns', {
      status: 200,
      body: [makeCampaign({ id: 'c-shoes', name: 'Shoes' }), makeCampaign({ id: 'c-bags', name: 'Bags' })],
    })
    .on('GET', '/publishers', {
      status: 200,
      body: [{ id: 'p-1', name: 'Pia', display_name: 'Deal Blog' }],
    });
  signIn();
});

const reportParams = () => paramsOf(sent, 'GET', '/reports');
const table = () => screen.findByRole('table', { name: 'Report' });
/** Row headers (labels) of the body rows, in order. */
const rowLabels = async () =>
  within(await table())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)
    .filter((label) => label !== 'Total');

async function pick(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('reports', () => {
  it('lists the rows and the totals, and explains the chart in text', async () => {
    server.on('GET', '/reports', { status: 200, body: dayReport });
    renderApp('/reports');
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    // days written like every other date of the app, not as the API's keys
    expect(await rowLabels()).toEqual([formatDate('2025-03-01'), formatDate('2025-03-02')]);
    expect(formatDate('2025-03-01')).not.toBe('2025-03-01');
    const total = within(await table()).getByRole('row', { name: /^Total/ });
    expect(
      within(total)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['360', '300', '9', '3 %', '€0.00', '€140.00', '€0.39']);
    expect(
      await screen.findByText(/Clicks and conversions by day, .*: 360 clicks and 9 conversions/),
    ).toBeInTheDocument();
    const today = todayUtc();
    expect(reportParams()[0]).toEqual({
      group_by: 'day',
      from: addDays(today, -29),
      to: today,
      currency: 'EUR',
      format: 'json',
    });
  });

  it('sorts rows when a header is clicked and says how on the header', async () => {
    server.on('GET', '/reports', { status: 200, body: campaignReport });
    const { user } = renderApp('/reports');
    expect(await rowLabels()).toEqual(['Bags', 'Shoes', 'Hats']);

    const clicks = within(await table()).getByRole('button', { name: /^Clicks/ });
    await user.click(clicks);
    expect(await rowLabels()).toEqual(['Shoes', 'Bags', 'Hats']);
    expect(clicks.closest('th')).toHaveAttribute('aria-sort', 'descending');

    await user.click(clicks);
    expect(await rowLabels()).toEqual(['Hats', 'Bags', 'Shoes']);
    expect(clicks.closest('th')).toHaveAttribute('aria-sort', 'ascending');

    const name = within(await table()).getByRole('button', { name: /^Campaign/ });
    await user.click(name);
    expect(await rowLabels()).toEqual(['Bags', 'Hats', 'Shoes']);
    expect(name.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    expect(clicks.closest('th')).toHaveAttribute('aria-sort', 'none');
    // The totals stay underneath whatever the order.
    const rows = within(await table()).getAllByRole('row');
    expect(rows.at(-1)).toHaveTextContent(/^Total/);
  });

  it('asks again when the grouping or a filter changes', async () => {
    server.on('GET', '/reports', () => ({
      status: 200,
      body: reportParams().at(-1)?.group_by === 'campaign' ? campaignReport : dayReport,
    }));
    const { user } = renderApp('/reports');
    await table();
    await pick(user, 'Group by', 'Campaign');
    await waitFor(() => expect(reportParams().at(-1)).toMatchObject({ group_by: 'campaign' }));
    expect(await rowLabels()).toEqual(['Bags', 'Shoes', 'Hats']);
    expect(
      await screen.findByText(/Spend by campaign, .*highest first: Bags €90.00, Shoes €50.00, Hats €0.00/),
    ).toBeInTheDocument();

    await pick(user, 'Campaign', 'Shoes');
    await waitFor(() =>
      expect(reportParams().at(-1)).toMatchObject({ group_by: 'campaign', campaign_id: 'c-shoes' }),
    );
    await pick(user, 'Publisher', 'Deal Blog');
    await waitFor(() =>
      expect(reportParams().at(-1)).toMatchObject({ campaign_id: 'c-shoes', publisher_id: 'p-1' }),
    );
  });

  it('keeps the grouping, dates and filters in the URL, so a reload shows the same report', async () => {
    server.on('GET', '/reports', () => ({
      status: 200,
      body: reportParams().at(-1)?.group_by === 'campaign' ? campaignReport : dayReport,
    }));
    const first = renderApp('/reports');
    await table();
    // the default, the last 30 days, stays out of the address
    expect(first.router.state.location.search).toBe('');
    await pick(first.user, 'Group by', 'Campaign');
    await pick(first.user, 'Campaign', 'Shoes');
    await waitFor(() =>
      expect(first.router.state.location.search).toBe('?group_by=campaign&campaign_id=c-shoes'),
    );
    first.unmount();

    sent.length = 0;
    renderApp('/reports?group_by=week&from=2025-03-01&to=2025-03-30&campaign_id=c-shoes');
    await table();
    expect(reportParams()[0]).toEqual({
      group_by: 'week',
      from: '2025-03-01',
      to: '2025-03-30',
      campaign_id: 'c-shoes',
      currency: 'EUR',
      format: 'json',
    });
    expect(screen.getByRole('combobox', { name: 'Group by' })).toHaveValue('Week');
  });

  it('exports CSV with the same parameters and the bearer token, as a file download', async () => {
    server.on('GET', '/reports', () =>
      reportParams().at(-1)?.format === 'csv'
        ? {
            status: 200,
            body: 'key,label\n',
            headers: { 'content-disposition': 'attachment; filename="affilio-report-campaign-x-y.csv"' },
          }
        : { status: 200, body: campaignReport },
    );
    const createObjectURL = vi.fn(() => 'blob:report');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    const { user } = renderApp('/reports');
    await table();
    await pick(user, 'Group by', 'Campaign');
    await waitFor(() => expect(reportParams().at(-1)).toMatchObject({ group_by: 'campaign' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:report', download: 'affilio-report-campaign-x-y.csv' }]),
    );
    const today = todayUtc();
    const csv = sent.filter((r) => r.url === '/reports').at(-1)!;
    expect(csv.params).toEqual({
      group_by: 'campaign',
      from: addDays(today, -29),
      to: today,
      currency: 'EUR',
      format: 'csv',
    });
    expect(csv.responseType).toBe('blob');
    expect(server.callsTo('GET', '/reports').at(-1)!.headers.get('Authorization')).toBe('Bearer test-token');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:report'));
    expect(await screen.findByText('Downloaded affilio-report-campaign-x-y.csv')).toBeInTheDocument();
  });

  it('says when the export failed, with the server detail', async () => {
    server.on('GET', '/reports', () =>
      reportParams().at(-1)?.format === 'csv'
        ? { status: 422, body: { detail: 'The range is longer than 366 days' } }
        : { status: 200, body: dayReport },
    );
    const { user } = renderApp('/reports');
    await table();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
    expect(screen.getByText('The range is longer than 366 days')).toBeInTheDocument();
  });

  it('gives publishers no publisher grouping or campaign/publisher filters', async () => {
    server
      .on('GET', '/auth/me', {
        status: 200,
        body: makeUser({ role: 'publisher', preferred_currency: 'EUR' }),
      })
      .on('GET', '/reports', { status: 200, body: dayReport });
    const { user } = renderApp('/reports');
    await table();
    expect(screen.queryByRole('combobox', { name: 'Campaign' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Publisher' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Group by' }));
    expect(await screen.findByRole('option', { name: 'Website' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Publisher' })).not.toBeInTheDocument();
    expect(within(await table()).getByRole('button', { name: /^Earnings/ })).toBeInTheDocument();
    expect(server.callsTo('GET', '/publishers')).toHaveLength(0);
  });

  it('shows an "Over cap" column only when some conversions were over a publisher’s cap', async () => {
    const capped = makeReport(
      'campaign',
      [
        makeRow('c-shoes', 'Shoes', { conversions: 5, capped: 3 }),
        makeRow('c-bags', 'Bags', { conversions: 2 }),
      ],
      { conversions: 7, capped: 3 },
    );
    server.on('GET', '/reports', { status: 200, body: capped });
    renderApp('/reports');
    const report = await table();
    expect(within(report).getByRole('button', { name: /^Over cap/ })).toBeInTheDocument();
    const shoes = within(report).getByRole('row', { name: /^Shoes/ });
    expect(within(shoes).getAllByRole('cell').slice(2, 4).map((c) => c.textContent)).toEqual(['5', '3']);
    const total = within(report).getByRole('row', { name: /^Total/ });
    expect(within(total).getAllByRole('cell')[3]!.textContent).toBe('3');
  });

  it('leaves the column out when nothing was capped', async () => {
    server.on('GET', '/reports', { status: 200, body: dayReport });
    renderApp('/reports');
    expect(within(await table()).queryByRole('button', { name: /^Over cap/ })).not.toBeInTheDocument();
  });
});
