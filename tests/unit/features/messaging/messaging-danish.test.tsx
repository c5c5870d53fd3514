import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '../../../../src/features/messaging/types';
import { setLanguage } from '../../../../src/lib/i18n';
import { installFakeServer } from '../../support/fake-server';
import { renderApp, signIn } from '../../support/render-app';
import { makeUser } from '../../support/users';

const ME = makeUser({ id: 'u-1', name: 'Ada Lovelace', role: 'advertiser', language: 'da' });
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

beforeEach(async () => {
  // the live stream is not part of these tests
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
  installFakeServer()
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
  await setLanguage('da');
});

afterEach(async () => {
  await setLanguage('en');
});

describe('/messaging in Danish', { timeout: 30_000 }, () => {
  it('names the conversations, unread counts, thread and composer in Danish', async () => {
    const { user } = renderApp('/messaging');
    const row = await screen.findByRole(
      'button',
      { name: /^Paula Pereira.* 2 ulæste$/ },
      { timeout: 15_000 },
    );
    expect(screen.getByText('Samtaler')).toBeInTheDocument();
    expect(await screen.findByLabelText('2 ulæste beskeder')).toBeInTheDocument();
    expect(screen.getByText('Vælg en samtale')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ny besked' })).toBeInTheDocument();

    await user.click(row);
    expect(await screen.findByText('Paula Pereira · Udgiver — om Summer Sale')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Besked' })).toHaveAttribute(
      'placeholder',
      'Skriv en besked…',
    );
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vedhæft filer fra dit mediebibliotek' })).toBeInTheDocument();
  });
});
