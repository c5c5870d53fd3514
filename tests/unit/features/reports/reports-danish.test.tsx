import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../../src/lib/i18n';
import { makeCampaign } from '../campaigns/campaign-fixtures';
import { installFakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeReport, makeRow } from './report-fixtures';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  installFakeServer()
    .on('GET', '/auth/me', {
      status: 200,
      body: makeUser({ id: 'adv-1', role: 'advertiser', preferred_currency: 'EUR', language: 'da' }),
    })
    .on('GET', '/settings/public', { status: 200, body: { default_currency: 'USD' } })
    .on('GET', '/campaigns', { status: 200, body: [makeCampaign({ id: 'c-shoes', name: 'Shoes' })] })
    .on('GET', '/publishers', { status: 200, body: [] })
    .on('GET', '/reports', {
      status: 200,
      body: makeReport('week', [makeRow('2025-03-03', '2025-03-03', { clicks: 1234, conversions: 2 })], {
        clicks: 1234,
        conversions: 2,
      }),
    });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('an advertiser’s report in Danish', () => {
  it('names the filters, columns, weeks and totals in Danish, with Danish numbers', async () => {
    renderApp('/reports?group_by=week');
    const table = await screen.findByRole('table', { name: 'Rapport' }, { timeout: 15_000 });
    expect(within(table).getByRole('columnheader', { name: /Unikke klik/ })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Forbrug/ })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: /^Ugen fra 3\. mar/ })).toBeInTheDocument();
    const total = within(table).getByRole('row', { name: /^I alt/ });
    expect(total).toHaveTextContent('1.234');
    expect(screen.getByRole('combobox', { name: 'Gruppér efter' })).toHaveValue('Uge');
    expect(screen.getByRole('button', { name: 'Eksportér CSV' })).toBeInTheDocument();
    expect(screen.getByText(/Provisionen tæller afventende, godkendte og udbetalte/)).toBeInTheDocument();
  });
});
