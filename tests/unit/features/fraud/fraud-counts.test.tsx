import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeDashboard } from '../analytics/dashboard-fixtures';

vi.setConfig({ testTimeout: 60_000 });

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/settings/public', { status: 200, body: { default_currency: 'USD' } })
    .on('GET', '/admin/settings', { status: 200, body: { default_currency: 'USD' } });
  signIn();
});

const fraudRegion = async () =>
  within(await screen.findByRole('region', { name: 'Fraud review' }, { timeout: 30_000 }));

describe('fraud counts on the dashboard', () => {
  it('shows an advertiser the held and rejected counts with a link to the review queue', async () => {
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ role: 'advertiser' }) })
      .on('GET', '/analytics/dashboard', {
        status: 200,
        body: makeDashboard('advertiser', { fraud: { held: 4, rejected_for_fraud: 2 } }),
      });
    renderApp('/dashboard');
    const region = await fraudRegion();
    expect(region.getByText('Held for review: 4')).toBeInTheDocument();
    expect(region.getByText('Rejected for fraud: 2')).toBeInTheDocument();
    expect(region.getByRole('link', { name: 'Open the review queue' })).toHaveAttribute('href', '/fraud');
  });

  it('tells a publisher how many of their commissions are under review, without a queue link', async () => {
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'pub-1', role: 'publisher' }) })
      .on('GET', '/analytics/dashboard', {
        status: 200,
        body: makeDashboard('publisher', { fraud: { held: 1, rejected_for_fraud: 3 } }),
      });
    renderApp('/dashboard');
    const region = await fraudRegion();
    expect(region.getByText('1 commission under review')).toBeInTheDocument();
    expect(region.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says nothing to a publisher with no commission under review', async () => {
    server
      .on('GET', '/auth/me', { status: 200, body: makeUser({ id: 'pub-1', role: 'publisher' }) })
      .on('GET', '/analytics/dashboard', {
        status: 200,
        body: makeDashboard('publisher', { fraud: { held: 0, rejected_for_fraud: 3 } }),
      });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'To do' }, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Fraud review' })).not.toBeInTheDocument();
    expect(screen.queryByText(/under review/)).not.toBeInTheDocument();
  });
});
