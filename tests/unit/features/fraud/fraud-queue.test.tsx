import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

vi.setConfig({ testTimeout: 60_000 });

const ID = '7d0c9a3e-2b1f-4c5d-8e6f-0a1b2c3d4e5f';
const item = {
  commission_id: ID,
  kind: 'conversion',
  status: 'pending',
  on_review: true,
  amount_minor: 3200,
  currency: 'EUR',
  fraud_score: 60,
  fraud_reasons: [
    {
      rule: 'too_fast',
      weight: 30,
      detail: 'Converted 1.2 s after the click; the minimum is 3 s',
      figures: { seconds: 1.2, minimum_seconds: 3 },
    },
  ],
  reason: null,
  created_at: '2026-11-20T10:00:00.000Z',
  campaign: { id: 'c-1', name: 'Laptops' },
  publisher: { id: 'p-1', name: 'Peter', status: 'active' },
  conversion: null,
  click: null,
  publisher_history: {
    commissions: 10,
    approved: 5,
    rejected: 1,
    held: 1,
    rejected_for_fraud: 1,
    clicks_30d: 100,
    conversions_30d: 9,
  },
};

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser({ role: 'advertiser' }) })
    .on('GET', '/settings/public', { status: 200, body: { default_currency: 'USD' } })
    .on('GET', '/fraud/queue', { status: 200, body: [item], headers: { 'x-total-count': '1' } })
    .on('POST', '/fraud/queue/decide', { status: 200, body: { updated: [], failed: [] } });
  signIn();
});

/** the commission's row, once the queue has loaded */
const card = async () => {
  const table = await screen.findByRole(
    'table',
    { name: 'Commissions in the review queue' },
    { timeout: 30_000 },
  );
  const select = await within(table).findByRole('checkbox', { name: `Select commission ${ID}` });
  return within(select.closest('tr')!);
};

describe('deciding one commission of the review queue from its row', () => {
  it('rejects it with the reason asked in a dialog', async () => {
    const user = userEvent.setup();
    renderApp('/fraud');
    const row = await card();
    await user.click(row.getByRole('button', { name: 'Reject the commission from Peter on Laptops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the commission from Peter on Laptops' });
    // no reason, no request
    await user.click(within(dialog).getByRole('button', { name: 'Reject commission' }));
    expect(await within(dialog).findByText('A reason is required')).toBeInTheDocument();
    expect(server.callsTo('POST', '/fraud/queue/decide')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Same address as the publisher');
    await user.click(within(dialog).getByRole('button', { name: 'Reject commission' }));
    expect(await screen.findByText('1 commission rejected')).toBeInTheDocument();
    expect(server.callsTo('POST', '/fraud/queue/decide').map((r) => r.body)).toEqual([
      { commission_ids: [ID], decision: 'reject', reason: 'Same address as the publisher' },
    ]);
  });

  it('approves it at once, without the reason typed for the ticked ones', async () => {
    const user = userEvent.setup();
    renderApp('/fraud');
    const row = await card();
    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'for the ticked ones');
    await user.click(row.getByRole('button', { name: 'Approve the commission from Peter on Laptops' }));
    expect(await screen.findByText('1 commission approved')).toBeInTheDocument();
    expect(server.callsTo('POST', '/fraud/queue/decide').map((r) => r.body)).toEqual([
      { commission_ids: [ID], decision: 'approve' },
    ]);
    // the bar keeps its reason for the ticked ones
    expect(screen.getByRole('textbox', { name: /^Reason/ })).toHaveValue('for the ticked ones');
  });
});
