import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '../../../../src/features/messaging/types';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

const ME = makeUser({ id: 'u-1', name: 'Ada Lovelace', role: 'advertiser' });
const PAULA = {
  id: 'u-2',
  name: 'Paula Pereira',
  role: 'publisher' as const,
  company_name: null,
  last_read_seq: 0,
  last_read_at: null,
};

function message(seq: number, body: string, from = PAULA.id): Message {
  return {
    id: `m-${seq}`,
    seq,
    conversation_id: 'c-1',
    sender_id: from,
    sender_name: from === ME.id ? ME.name : PAULA.name,
    body,
    attachment_ids: [],
    attachments: [],
    created_at: '2025-03-01T10:00:00.000Z',
  };
}

const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  id: 'c-1',
  campaign_id: 'k-1',
  campaign_name: 'Summer Sale',
  created_by: PAULA.id,
  created_at: '2025-03-01T09:00:00.000Z',
  last_message_at: '2025-03-01T10:00:00.000Z',
  members: [{ ...PAULA }, { ...PAULA, id: ME.id, name: ME.name, role: 'advertiser' }],
  last_message: message(2, 'Do you have a banner?'),
  unread_count: 2,
  ...overrides,
});

let server: FakeServer;

beforeEach(() => {
  // the live stream is not part of these tests
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
  server = installFakeServer()
    .on('GET', '/auth/me', { status: 200, body: ME })
    .on('GET', '/conversations/unread', { status: 200, body: { unread_count: 2, conversations: 1 } })
    .on('GET', '/conversations', { status: 200, body: [conversation()], headers: { 'x-total-count': '1' } })
    .on('GET', '/conversations/c-1', { status: 200, body: conversation() })
    .on('GET', '/conversations/c-1/messages', {
      status: 200,
      body: [message(1, 'Hi Ada'), message(2, 'Do you have a banner?')],
      headers: { 'x-total-count': '2' },
    })
    .on('POST', '/conversations/c-1/read', {
      status: 200,
      body: { conversation_id: 'c-1', last_read_seq: 2, unread_count: 0 },
    });
  signIn();
});
afterEach(() => onlineManager.setOnline(true));

describe('/messaging', { timeout: 20_000 }, () => {
  it('lists conversations with their last message and unread count, and the nav badge', async () => {
    renderApp('/messaging');
    // the first render loads the lazy route chunks
    const row = await screen.findByRole(
      'button',
      { name: /^Paula Pereira.* 2 unread$/ },
      { timeout: 15_000 },
    );
    expect(within(row).getByText('Do you have a banner?')).toBeInTheDocument();
    expect(within(row).getByText('Summer Sale')).toBeInTheDocument();
    expect(await screen.findByLabelText('2 unread messages')).toBeInTheDocument();
    expect(screen.getByText('Choose a conversation')).toBeInTheDocument();
  });

  it('opens a thread at /conversation=<id>, marks it read and sends a reply', async () => {
    server.on('POST', '/conversations/c-1/messages', (request) => ({
      status: 201,
      body: { ...message(3, (request.body as { body: string }).body, ME.id) },
    }));
    const { user, router } = renderApp('/messaging');
    await user.click(await screen.findByRole('button', { name: /^Paula Pereira.* 2 unread$/ }));
    expect(router.state.location.pathname).toBe('/conversation=c-1');
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('Hi Ada')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('POST', '/conversations/c-1/read')).toHaveLength(1));

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Yes, attached tomorrow{Enter}');
    expect(await within(log).findByText('Yes, attached tomorrow')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.callsTo('POST', '/conversations/c-1/messages')[0]?.body).toEqual({
        body: 'Yes, attached tomorrow',
        attachment_ids: [],
      }),
    );
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('shows a message written offline greyed as waiting, and sends it when back online', async () => {
    server.on('POST', '/conversations/c-1/messages', { status: 201, body: message(3, 'Sent later', ME.id) });
    const { user } = renderApp('/conversation=c-1');
    const log = await screen.findByRole('log');
    await within(log).findByText('Hi Ada');
    onlineManager.setOnline(false);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Sent later{Enter}');
    expect(await within(log).findByText('Waiting for a connection…')).toBeInTheDocument();
    expect(server.callsTo('POST', '/conversations/c-1/messages')).toHaveLength(0);
    onlineManager.setOnline(true);
    await waitFor(() => expect(server.callsTo('POST', '/conversations/c-1/messages')).toHaveLength(1));
    await waitFor(() => expect(within(log).queryByText('Waiting for a connection…')).not.toBeInTheDocument());
    expect(within(log).getByText('Sent later')).toBeInTheDocument();
  });

  it('opens a new message to the person a "Message" button named, and starts the conversation', async () => {
    server
      .on('GET', '/messaging/contacts', {
        status: 200,
        body: [
          {
            id: PAULA.id,
            name: PAULA.name,
            role: 'publisher',
            company_name: null,
            campaigns: [{ id: 'k-1', name: 'Summer Sale' }],
          },
        ],
      })
      .on('POST', '/conversations', { status: 201, body: conversation({ unread_count: 0 }) });
    const { user, router } = renderApp('/messaging?to=u-2&campaign_id=k-1');
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /^To/ })).toHaveValue('Paula Pereira — Publisher'),
    );
    expect(within(dialog).getByRole('combobox', { name: 'About a campaign (optional)' })).toHaveValue(
      'Summer Sale',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'Hello Paula');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversation=c-1'));
    expect(server.callsTo('POST', '/conversations')[0]?.body).toEqual({
      participant_ids: ['u-2'],
      campaign_id: 'k-1',
      body: 'Hello Paula',
    });
  });

  it('says so when the named person is not someone one may message', async () => {
    server.on('GET', '/messaging/contacts', { status: 200, body: [] });
    renderApp('/messaging?to=u-9');
    expect(await screen.findByText(/You cannot message this person/)).toBeInTheDocument();
  });
});
