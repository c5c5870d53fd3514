import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PostbacksSettings } from '../../../../src/features/integrations/components/postbacks-settings';
import { WebhooksSettings } from '../../../../src/features/integrations/components/webhooks-settings';
import type { Delivery, Postback, Webhook } from '../../../../src/features/integrations/types';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';
import { makePostback, makeWebhook, renderSection } from './fixtures';

const webhook = makeWebhook({ events: ['conversion.created'], description: '' });
const postback = makePostback();
const queued: Delivery = {
  id: 'd-9',
  event_id: 'msg_9',
  type: 'webhook.test',
  attempt: 1,
  status_code: null,
  duration_ms: null,
  response_excerpt: null,
  error: null,
  created_at: '2025-05-02T09:00:00.000Z',
  next_attempt_at: '2025-05-02T09:00:00.000Z',
};

/** The two cards that share the actions: what differs is the path, the item, the list and the words. */
const cards = [
  {
    card: 'webhook endpoint',
    role: 'advertiser' as const,
    path: '/webhooks',
    item: webhook as Webhook | Postback,
    settings: <WebhooksSettings />,
    list: 'Your webhook endpoints',
    test: 'Send test event',
    testQueued: 'Test event queued',
    deleteConfirm: 'Delete endpoint',
    empty: 'You have no webhook endpoints yet.',
  },
  {
    card: 'postback',
    role: 'publisher' as const,
    path: '/publisher-postbacks',
    item: postback as Webhook | Postback,
    settings: <PostbacksSettings />,
    list: 'Your postbacks',
    test: 'Send test',
    testQueued: 'Test postback queued',
    deleteConfirm: 'Delete postback',
    empty: 'You have no postbacks yet.',
  },
];

describe.each(cards)('The $card card’s actions', (c) => {
  let server: FakeServer;
  let stored: (Webhook | Postback)[];
  let deliveries: Delivery[];

  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stored = [c.item];
    deliveries = [];
    const itemPath = `${c.path}/${c.item.id}`;
    server = installFakeServer()
      .on('GET', '/auth/me', { status: 200, body: makeUser({ role: c.role }) })
      .on('GET', c.path, () => ({ status: 200, body: stored }))
      .on('GET', '/applications', { status: 200, body: [] })
      .on('PUT', itemPath, ({ body }) => {
        stored = stored.map((item) => ({ ...item, ...(body as object) }));
        return { status: 200, body: stored[0] };
      })
      .on('DELETE', itemPath, () => {
        stored = [];
        return { status: 204 };
      })
      .on('POST', `${itemPath}/test`, () => {
        deliveries = [queued];
        return { status: 202, body: queued };
      })
      .on('GET', `${itemPath}/deliveries`, () => ({ status: 200, body: deliveries }));
    signIn();
  });

  it('switches it off with a PUT of enabled only', async () => {
    const user = renderSection(c.settings);
    const list = await screen.findByRole('list', { name: c.list });
    const toggle = within(list).getByRole('switch', { name: `Enabled: ${c.item.url}` });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(within(list).getByRole('listitem')).toHaveTextContent('Off');
    expect(server.callsTo('PUT', `${c.path}/${c.item.id}`)[0]?.body).toEqual({ enabled: false });
  });

  it('sends a test, confirms it and opens the log with the queued delivery', async () => {
    const user = renderSection(c.settings);
    const list = await screen.findByRole('list', { name: c.list });
    await user.click(within(list).getByRole('button', { name: c.test }));
    expect(await screen.findByText(c.testQueued)).toBeInTheDocument();
    const log = await screen.findByRole('list', { name: 'Deliveries' });
    expect(within(log).getByRole('listitem')).toHaveTextContent('Queued');
    expect(within(list).getByRole('button', { name: 'Hide delivery log' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(server.callsTo('POST', `${c.path}/${c.item.id}/test`)).toHaveLength(1);
  });

  it('deletes it after the confirmation and drops its card', async () => {
    const user = renderSection(c.settings);
    const list = await screen.findByRole('list', { name: c.list });
    await user.click(within(list).getByRole('button', { name: `Delete ${c.item.url}` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(c.item.url);
    await user.click(within(dialog).getByRole('button', { name: c.deleteConfirm }));
    expect(await screen.findByText(c.empty)).toBeInTheDocument();
    expect(server.callsTo('DELETE', `${c.path}/${c.item.id}`)).toHaveLength(1);
  });
});
