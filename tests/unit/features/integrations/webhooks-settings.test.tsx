import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WebhooksSettings } from '../../../../src/features/integrations/components/webhooks-settings';
import type { Delivery, Webhook } from '../../../../src/features/integrations/types';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makeWebhook, renderSection } from './fixtures';

const SECRET = `whsec_${'Q'.repeat(32)}`;
const existing = makeWebhook();
const delivery: Delivery = {
  id: 'd-1',
  event_id: 'msg_1',
  type: 'conversion.created',
  attempt: 2,
  status_code: 500,
  duration_ms: 87,
  response_excerpt: 'upstream exploded',
  error: 'HTTP 500',
  created_at: '2025-05-02T09:00:00.000Z',
  next_attempt_at: null,
};

let server: FakeServer;
let stored: Webhook[];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stored = [existing];
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: makeUser() })
    .on('GET', '/webhooks', () => ({ status: 200, body: stored }))
    .on('POST', '/webhooks', ({ body }) => {
      const input = body as { url: string; events: string[]; description: string };
      const created: Webhook = { ...existing, ...input, id: 'w-2', secret: SECRET };
      stored = [created, ...stored];
      return { status: 201, body: created };
    })
    .on('GET', '/webhooks/w-1/deliveries', { status: 200, body: [delivery] })
    .on('POST', '/webhooks/w-1/deliveries/d-1/resend', {
      status: 202,
      body: {
        ...delivery,
        id: 'd-2',
        attempt: 1,
        status_code: null,
        error: null,
        next_attempt_at: delivery.created_at,
      },
    });
  signIn();
});

function renderSettings() {
  return renderSection(<WebhooksSettings />);
}

describe('Settings → Webhooks', () => {
  it('adds an endpoint with the chosen events and shows its secret with a copy button', async () => {
    const user = renderSettings();
    const list = await screen.findByRole('list', { name: 'Your webhook endpoints' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('https://hooks.example.com/affilio');

    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await user.click(screen.getByRole('textbox', { name: /Endpoint URL/ }));
    await user.paste('https://erp.example.org/in');
    await user.click(screen.getByRole('textbox', { name: /Description/ }));
    await user.paste('Payouts');
    await user.click(screen.getByRole('checkbox', { name: 'payout.paid' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));

    const alert = await screen.findByText('Endpoint added');
    expect(alert).toBeInTheDocument();
    expect(screen.getAllByLabelText('Signing secret')[0]).toHaveTextContent(SECRET);
    expect(screen.getAllByRole('button', { name: 'Copy secret' }).length).toBeGreaterThan(0);
    expect(server.callsTo('POST', '/webhooks')[0]?.body).toEqual({
      url: 'https://erp.example.org/in',
      description: 'Payouts',
      events: ['conversion.created', 'payout.paid'],
    });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
  });

  it('shows the delivery log and resends a delivery', async () => {
    const user = renderSettings();
    await screen.findByRole('list', { name: 'Your webhook endpoints' });
    await user.click(screen.getByRole('button', { name: 'Delivery log' }));
    const log = await screen.findByRole('list', { name: 'Deliveries' });
    const row = within(log).getByRole('listitem');
    expect(row).toHaveTextContent('conversion.created');
    expect(row).toHaveTextContent('500');
    expect(row).toHaveTextContent('attempt 2');
    expect(row).toHaveTextContent('87 ms');
    expect(row).toHaveTextContent('upstream exploded');
    expect(row).toHaveTextContent('HTTP 500');

    await user.click(within(row).getByRole('button', { name: /Resend/ }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/webhooks/w-1/deliveries/d-1/resend')).toHaveLength(1),
    );
    await waitFor(() => expect(server.callsTo('GET', '/webhooks/w-1/deliveries')).toHaveLength(2));
  });
});
