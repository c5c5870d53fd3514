import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCacheStatsQueryOptions } from '../../../../src/features/analytics/api/get-cache-stats';
import { getDashboardQueryOptions } from '../../../../src/features/analytics/api/get-dashboard';
import { addDays, formatFullDay, todayUtc } from '../../../../src/lib/date-range';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { paramsOf, recordQueryParams } from '../../support/record-query-params';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeDashboard, makeKpis } from './dashboard-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let server: FakeServer;
const sent = recordQueryParams();

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ preferred_currency: 'EUR' }) })
    .on('GET', '/settings/public', { status: 200, body: { default_currency: 'USD' } })
    .on('GET', '/admin/settings', { status: 200, body: { default_currency: 'USD' } });
  signIn();
});

/** The KPI card named `label`: its value and its change line. */
const kpi = async (label: string) => within(await screen.findByRole('group', { name: label }));
const dashboardParams = () => paramsOf(sent, 'GET', '/analytics/dashboard');

describe('dashboard figures', () => {
  it('shows an advertiser their KPIs with the change on the previous period, top publishers and to-dos', async () => {
    server.on('GET', '/analytics/dashboard', {
      status: 200,
      body: makeDashboard('advertiser', {
        top: [
          {
            id: 'p-1',
            label: 'Deal Blog',
            clicks: 900,
            conversions: 25,
            revenue_minor: 1,
            commission_minor: 10000,
          },
        ],
        todo: [
          { key: 'pending_applications', label: 'Applications to review', count: 3, link: '/campaigns' },
          { key: 'pending_commissions', label: 'Commissions to approve', count: 0, link: '/commissions' },
        ],
      }),
    });
    renderApp('/dashboard');

    const clicks = await kpi('Clicks');
    expect(clicks.getByText('1,200')).toBeInTheDocument();
    expect(clicks.getByText('▲ 20 %')).toBeInTheDocument();
    expect(clicks.getByText('Up 20 % on the previous period')).toBeInTheDocument();
    expect((await kpi('Conversions')).getByText('▼ 25 %')).toBeInTheDocument();
    expect((await kpi('Conversion rate')).getByText('3 %')).toBeInTheDocument();
    const revenue = await kpi('Revenue');
    expect(revenue.getByText('€1,500.00')).toBeInTheDocument();
    expect(revenue.getByText('—')).toBeInTheDocument();
    const spend = await kpi('Spend');
    expect(spend.getByText('€123.45')).toBeInTheDocument();
    expect(spend.getByText('0 %')).toBeInTheDocument();
    expect((await kpi('EPC')).getByText('€0.10')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Fees' })).not.toBeInTheDocument();

    const top = screen.getByRole('table', { name: 'Top publishers' });
    const cells = within(within(top).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Deal Blog', '900', '25', '€100.00']);
    expect(screen.getByRole('link', { name: 'Applications to review' })).toHaveAttribute(
      'href',
      '/campaigns',
    );
    expect(screen.queryByRole('link', { name: 'Commissions to approve' })).not.toBeInTheDocument();

    expect(
      await screen.findByText(
        `Daily clicks and conversions, ${formatFullDay('2025-03-01')} – ${formatFullDay('2025-03-03')}: 1,200 clicks and 30 conversions`,
        { exact: false },
      ),
    ).toBeInTheDocument();
    expect(dashboardParams()[0]).toEqual({ ...lastThirtyDays(), currency: 'EUR' });
  });

  it('shows a publisher their earnings in the currency the dashboard answered in (DKK style)', async () => {
    server
      .on('GET', '/auth/me', {
        status: 200,
        body: makeUser({ role: 'publisher', preferred_currency: 'DKK' }),
      })
      .on('GET', '/analytics/dashboard', {
        status: 200,
        body: makeDashboard('publisher', {
          currency: 'DKK',
          kpis: makeKpis({
            clicks: 40,
            unique_clicks: 40,
            conversions: 2,
            cr: 0.05,
            commission_minor: 123450,
          }),
          previous: makeKpis({ clicks: 50, commission_minor: 100000 }),
          top: [
            {
              id: 'c-1',
              label: 'Shoes',
              clicks: 40,
              conversions: 2,
              revenue_minor: 0,
              commission_minor: 123450,
            },
          ],
        }),
      });
    renderApp('/dashboard');

    const earnings = await kpi('Earnings');
    expect(earnings.getByText('1.234,50 kr.')).toBeInTheDocument();
    expect(earnings.getByText('▲ 23.5 %')).toBeInTheDocument();
    expect((await kpi('Clicks')).getByText('▼ 20 %')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Revenue' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Spend' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Top campaigns' })).getByText('Shoes'),
    ).toBeInTheDocument();
    expect(dashboardParams()[0]).toMatchObject({ currency: 'DKK' });
    expect(server.callsTo('GET', '/performance/cache-stats')).toHaveLength(0);
  });

  it('shows an admin volume, fees, top campaigns and the caches card', async () => {
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ role: 'admin', preferred_currency: 'EUR' }) })
      .on('GET', '/analytics/dashboard', {
        status: 200,
        body: makeDashboard('admin', {
          top: [
            { id: 'c-9', label: 'Bags', clicks: 10, conversions: 1, revenue_minor: 0, commission_minor: 500 },
          ],
          todo: [
            { key: 'pending_accounts', label: 'Accounts to approve', count: 2, link: '/admin-publishers' },
          ],
        }),
      })
      .on('GET', '/performance/cache-stats', {
        status: 200,
        body: {
          caches: [
            { name: 'dashboard', hits: 30, misses: 10, size: 4, hit_rate: 0.75 },
            { name: 'tracking-links', hits: 1500, misses: 2, size: 120, hit_rate: 0.9987 },
          ],
        },
      });
    renderApp('/dashboard');

    expect((await kpi('Volume')).getByText('€123.45')).toBeInTheDocument();
    const fees = await kpi('Fees');
    expect(fees.getByText('€12.35')).toBeInTheDocument();
    expect(fees.getByText('▲ 23.5 %')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Top campaigns' })).getByText('Bags'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accounts to approve' })).toHaveAttribute(
      'href',
      '/admin-publishers',
    );

    const caches = await screen.findByRole('table', { name: 'Caches' });
    expect(within(caches).getByRole('row', { name: /dashboard/ })).toHaveTextContent('75 %');
    expect(within(caches).getByRole('row', { name: /tracking-links/ })).toHaveTextContent('99.87 %');
  });

  it('shows the whole rates note, one small line per clause so it never outgrows the heading', async () => {
    server.on('GET', '/analytics/dashboard', {
      status: 200,
      body: makeDashboard('advertiser', {
        rates_note: 'Converted to EUR with the built-in rates of 29 Nov 2026; set a provider in Settings',
      }),
    });
    renderApp('/dashboard');
    const first = await screen.findByText('Converted to EUR with the built-in rates of 29 Nov 2026;');
    const second = screen.getByText('set a provider in Settings');
    // two boxes: on a phone neither wraps into a paragraph larger than the page's heading
    expect(first).not.toBe(second);
    expect(first.contains(second)).toBe(false);
  });

  it('shows the next step instead of empty charts when there is no traffic yet', async () => {
    server.on('GET', '/analytics/dashboard', {
      status: 200,
      body: makeDashboard('advertiser', {
        kpis: makeKpis(),
        previous: makeKpis(),
        series: [],
        todo: [
          { key: 'pending_applications', label: 'Applications to review', count: 1, link: '/campaigns' },
        ],
      }),
    });
    renderApp('/dashboard');

    const heading = await screen.findByRole('heading', { name: 'No traffic yet' });
    const card = within(heading.closest<HTMLElement>('.mantine-Card-root')!);
    expect(card.getByText(/Next steps: create a campaign .*, invite publishers to it/)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Create campaign' })).toHaveAttribute('href', '/action=create');
    expect(card.getByRole('link', { name: 'Find publishers' })).toHaveAttribute('href', '/publishers');
    expect((await kpi('Clicks')).getByText('—')).toBeInTheDocument();
    expect(screen.queryByText(/Daily clicks and conversions/)).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Top publishers' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Applications to review' })).toBeInTheDocument();
  });

  it('asks again with the new from/to when another range is picked', async () => {
    server.on('GET', '/analytics/dashboard', { status: 200, body: makeDashboard('advertiser') });
    const { user } = renderApp('/dashboard');
    await kpi('Clicks');
    const thirty = screen.getByRole('button', { name: 'Last 30 days' });
    expect(thirty).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    const today = todayUtc();
    await waitFor(() =>
      expect(dashboardParams().at(-1)).toEqual({ from: addDays(today, -6), to: today, currency: 'EUR' }),
    );
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() =>
      expect(dashboardParams().at(-1)).toMatchObject({ from: addDays(today, -89), to: today }),
    );
    expect(dashboardParams()).toHaveLength(3);
  });

  it('says when the figures could not load and retries on request', async () => {
    let fail = true;
    server.on('GET', '/analytics/dashboard', () =>
      fail
        ? { status: 422, body: { detail: 'Range too long' } }
        : { status: 200, body: makeDashboard('advertiser') },
    );
    const { user } = renderApp('/dashboard');
    expect(await screen.findByText('Could not load your figures')).toBeInTheDocument();
    expect(screen.getByText('Range too long')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await kpi('Clicks')).getByText('1,200')).toBeInTheDocument();
  });

  it('keeps the dashboard 300 s and refreshes the cache stats every 30 s', () => {
    expect(getDashboardQueryOptions({ from: 'a', to: 'b', currency: 'EUR' }).staleTime).toBe(300_000);
    expect(getCacheStatsQueryOptions().refetchInterval).toBe(30_000);
  });
});

function lastThirtyDays() {
  const to = todayUtc();
  return { from: addDays(to, -29), to };
}
