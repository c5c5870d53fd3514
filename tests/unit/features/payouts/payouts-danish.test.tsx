import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../../src/lib/format-date';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeBalance, makeEligibility, makePayout } from './payout-fixtures';

vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', {
      status: 200,
      body: makeUser({ id: 'pub-1', role: 'publisher', language: 'da' }),
    })
    .on('GET', '/tracking/links', { status: 200, body: [] })
    .on('GET', '/commissions', { status: 200, body: [] })
    .on('GET', '/commissions/totals', { status: 200, body: [] })
    .on('GET', '/commissions/balance', { status: 200, body: [] })
    .on('GET', '/payouts/eligibility', { status: 200, body: makeEligibility([]) });
  signIn();
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('a publisher’s payout history in Danish', () => {
  it('names the columns, statuses, method and dates in Danish', async () => {
    const paid = makePayout({ status: 'paid', reference: 'SEPA-1', paid_at: '2025-03-03T10:00:00.000Z' });
    server.on('GET', '/payouts', { status: 200, body: [paid], headers: { 'x-total-count': '1' } });
    renderApp('/commissions');
    const history = await screen.findByRole('table', { name: 'Udbetalingshistorik' }, { timeout: 15_000 });
    expect(within(history).getByRole('columnheader', { name: 'Metode' })).toBeInTheDocument();
    const row = within(history).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Udbetalt');
    expect(row).toHaveTextContent(`Udbetalt ${formatDate('2025-03-03T10:00:00.000Z')}`);
    // the date is written the Danish way ("3. mar. 2025"), not "3 Mar 2025"
    expect(formatDate('2025-03-03T10:00:00.000Z')).toMatch(/^3\. mar/);
    expect(row).toHaveTextContent('3 provisioner');
    expect(within(row).getByRole('button', { name: 'Opgørelse (PDF)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Saldo' })).toBeInTheDocument();
  });
});

describe('requesting a payout in Danish', () => {
  it('labels the button, the confirmation and the payout details in Danish', async () => {
    server
      .on('GET', '/commissions/balance', {
        status: 200,
        body: [{ currency: 'EUR', approved_minor: 6000, pending_minor: 0 }],
      })
      .on('GET', '/payouts/eligibility', { status: 200, body: makeEligibility([makeBalance()]) })
      .on('GET', '/payouts', {
        status: 200,
        body: [
          makePayout({
            status: 'failed',
            failure_reason: 'Konto lukket.',
            failed_at: '2025-03-03T10:00:00.000Z',
          }),
        ],
        headers: { 'x-total-count': '1' },
      });
    const { user } = renderApp('/commissions');
    const button = await screen.findByRole(
      'button',
      { name: 'Anmod om udbetaling i EUR' },
      { timeout: 15_000 },
    );
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Anmod om en udbetaling i EUR' });
    expect(dialog).toHaveTextContent('hele din godkendte saldo i EUR');
    await user.click(within(dialog).getByRole('button', { name: 'Annuller' }));

    const history = await screen.findByRole('table', { name: 'Udbetalingshistorik' });
    await user.click(within(history).getAllByRole('button', { name: /^Detaljer/ })[0]!);
    const details = await screen.findByRole('dialog', { name: 'Udbetaling' });
    expect(details).toHaveTextContent('Hvorfor den mislykkedes');
    expect(details).toHaveTextContent('Provisionerne er sat tilbage på saldoen.');
    expect(details).toHaveTextContent('3 provisioner i EUR');
  });
});
