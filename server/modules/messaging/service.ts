import { recordIntegrationEvent } from '../../platform/outbox';
import type { Db } from '../../db/connection';
import { forbidden, notFound, unprocessable } from '../../platform/http-error';
import type { UserRow } from '../../platform/current-user';
import type { SharedEventCodec } from '../../platform/events';
import { listContacts } from './contact-queries';
import { canUseMedia } from '../media/service';
import { canMessage } from './policy';
import * as q from './queries';
import type {
  Attachment,
  Contact,
  Conversation,
  CreateConversationBody,
  Message,
  SendMessageBody,
} from './schema';

/** Sorted member ids and the campaign: the same people about the same campaign share one conversation. */
export const memberKeyOf = (memberIds: string[], campaignId: string | null | undefined) =>
  `${[...new Set(memberIds)].sort().join(',')}:${campaignId ?? ''}`;

function toAttachment(m: q.MediaRow): Attachment {
  return {
    id: m.id,
    filename: m.filename,
    content_type: m.contentType,
    size_bytes: m.sizeBytes,
    url: `/api/media/${m.id}/file`,
    thumbnail_url: m.thumbnailKey ? `/api/media/${m.id}/thumbnail` : null,
  };
}

function toMessage(v: q.MessageView, mediaById: Map<string, q.MediaRow>): Message {
  const m = v.message;
  return {
    id: m.id,
    seq: m.seq,
    conversation_id: m.conversationId,
    sender_id: m.senderId,
    sender_name: v.senderName ?? 'Deleted user',
    body: m.body,
    attachment_ids: m.attachmentIds,
    attachments: m.attachmentIds.flatMap((id) => {
      const found = mediaById.get(id);
      return found ? [toAttachment(found)] : [];
    }),
    created_at: m.createdAt.toISOString(),
  };
}

/** Messages in the wire shape, their attachments' details read in one query. */
export async function toMessages(db: Db, views: q.MessageView[]): Promise<Message[]> {
  const ids = [...new Set(views.flatMap((v) => v.message.attachmentIds))];
  const mediaById = new Map((await q.findMedia(db, ids)).map((m) => [m.id, m]));
  return views.map((v) => toMessage(v, mediaById));
}

/** The conversations with these ids as `userId` sees them (unread counts are theirs), in the ids' order. */
async function conversationsFor(db: Db, userId: string, ids: string[]): Promise<Conversation[]> {
  const [rows, members, lasts, unread] = await Promise.all([
    q.findConversations(db, ids),
    q.findMembers(db, ids),
    q.lastMessages(db, ids),
    q.unreadCounts(db, userId, ids),
  ]);
  const lastById = new Map((await toMessages(db, lasts)).map((m) => [m.conversation_id, m]));
  const byId = new Map(rows.map((r) => [r.conversation.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const c = row.conversation;
    return [
      {
        id: c.id,
        campaign_id: c.campaignId,
        campaign_name: row.campaignName,
        created_by: c.createdBy,
        created_at: c.createdAt.toISOString(),
        last_message_at: c.lastMessageAt ? c.lastMessageAt.toISOString() : null,
        members: members
          .filter((m) => m.member.conversationId === id)
          .map((m) => ({
            id: m.member.userId,
            name: m.name,
            role: m.role,
            company_name: m.companyName,
            last_read_seq: m.member.lastReadSeq,
            last_read_at: m.member.lastReadAt ? m.member.lastReadAt.toISOString() : null,
          })),
        last_message: lastById.get(id) ?? null,
        unread_count: unread.get(id) ?? 0,
      },
    ];
  });
}

async function loadForMember(db: Db, user: UserRow, id: string): Promise<q.ConversationRow> {
  const conversation = await q.findConversationForMember(db, id, user.id);
  if (!conversation) throw notFound('Conversation not found');
  return conversation;
}

export async function getConversation(db: Db, user: UserRow, id: string): Promise<Conversation> {
  await loadForMember(db, user, id);
  const [conversation] = await conversationsFor(db, user.id, [id]);
  if (!conversation) throw notFound('Conversation not found');
  return conversation;
}

export async function listConversations(db: Db, user: UserRow, page: { limit: number; offset: number }) {
  const { ids, total } = await q.listConversationIds(db, user.id, page);
  return { items: await conversationsFor(db, user.id, ids), total };
}

async function checkAttachments(db: Db, user: UserRow, attachmentIds: string[]): Promise<void> {
  if (!(await canUseMedia(db, user, attachmentIds))) {
    throw unprocessable(
      'attachment_ids: attach files from your media library (or creatives you may download)',
    );
  }
}

/** A message that was written, and who is in its conversation (for the live stream and notifications). */
export interface Sent {
  message: Message;
  memberIds: string[];
  conversationId: string;
}

async function append(
  db: Db,
  user: UserRow,
  conversationId: string,
  input: { body: string; attachment_ids: string[] },
): Promise<Sent> {
  return db.transaction(async (tx) => {
    const row = await q.insertMessage(tx, {
      conversationId,
      senderId: user.id,
      body: input.body,
      attachmentIds: input.attachment_ids,
    });
    const [message] = await toMessages(tx, [{ message: row, senderName: user.name }]);
    const memberIds = await q.memberIdsOf(tx, conversationId);
    // the members' webhooks (and admins') hear of it once it commits
    await recordIntegrationEvent(tx, { type: 'message.created', data: message!, audience: memberIds });
    return { message: message!, memberIds, conversationId };
  });
}

/**
 * Starts a conversation, or answers the existing one with the same members and campaign (`created`
 * false); a `body` is sent into it either way.
 */
export async function startConversation(
  db: Db,
  user: UserRow,
  body: CreateConversationBody,
): Promise<{ conversation: Conversation; created: boolean; sent: Sent | null }> {
  const campaignId = body.campaign_id ?? null;
  if (!(await canMessage(db, user, body.participant_ids, campaignId))) {
    throw forbidden(
      'You can message admins, and the publishers on your campaigns or the advertisers whose campaigns you applied to',
    );
  }
  if (body.body === undefined && body.attachment_ids.length > 0) {
    throw unprocessable('body: a message with attachments needs a text');
  }
  await checkAttachments(db, user, body.attachment_ids);
  const memberIds = [...new Set([user.id, ...body.participant_ids])];
  const { conversation, created } = await db.transaction((tx) =>
    q.insertOrFindConversation(
      tx,
      { campaignId, memberKey: memberKeyOf(memberIds, campaignId), createdBy: user.id },
      memberIds,
    ),
  );
  const sent =
    body.body !== undefined
      ? await append(db, user, conversation.id, { body: body.body, attachment_ids: body.attachment_ids })
      : null;
  return { conversation: await getConversation(db, user, conversation.id), created, sent };
}

export async function sendMessage(
  db: Db,
  user: UserRow,
  conversationId: string,
  input: SendMessageBody,
): Promise<Sent> {
  await loadForMember(db, user, conversationId);
  await checkAttachments(db, user, input.attachment_ids);
  return append(db, user, conversationId, input);
}

export async function listMessages(
  db: Db,
  user: UserRow,
  conversationId: string,
  page: { before?: number; limit: number },
): Promise<{ items: Message[]; total: number }> {
  await loadForMember(db, user, conversationId);
  const { items, total } = await q.listMessages(db, conversationId, page);
  return { items: await toMessages(db, items), total };
}

/** Moves the caller's read receipt to `seq` (the newest message when absent); never backwards. */
export async function markRead(db: Db, user: UserRow, conversationId: string, seq?: number) {
  await loadForMember(db, user, conversationId);
  const newest = await q.newestSeq(db, conversationId);
  const member = await q.markRead(db, conversationId, user.id, Math.min(seq ?? newest, newest));
  const unread = await q.unreadCounts(db, user.id, [conversationId]);
  return {
    conversation_id: conversationId,
    last_read_seq: member.lastReadSeq,
    unread_count: unread.get(conversationId) ?? 0,
  };
}

/** Unread messages across all the user's conversations (the nav badge), and in how many conversations. */
export async function unreadTotal(db: Db, user: UserRow) {
  const counts = await q.unreadCounts(db, user.id);
  let total = 0;
  for (const n of counts.values()) total += n;
  return { unread_count: total, conversations: counts.size };
}

export function contacts(
  db: Db,
  user: UserRow,
  query: { search?: string; limit: number },
): Promise<Contact[]> {
  return listContacts(db, user, query);
}

/** The messages a reconnecting stream missed: the user's, after `seq`, oldest first. */
export async function missedMessages(db: Db, userId: string, seq: number, limit: number): Promise<Message[]> {
  return toMessages(db, await q.messagesSince(db, userId, seq, limit));
}

/** Whether `userId` may name `conversationId` as the open thread of their stream. */
export async function isMember(db: Db, userId: string, conversationId: string): Promise<boolean> {
  return (await q.findConversationForMember(db, conversationId, userId)) !== null;
}

/**
 * `message.created` between instances (several servers on one PostgreSQL): ids on the wire, the message read
 * back from the database by the instance whose streams pass it on.
 */
export function messageCreatedCodec(db: Db): SharedEventCodec<'message.created'> {
  return {
    toWire: ({ conversationId, memberIds, message }) => ({
      conversationId,
      memberIds,
      messageId: message.id,
    }),
    async fromWire(wire) {
      const { conversationId, memberIds, messageId } = wire as {
        conversationId: string;
        memberIds: string[];
        messageId: string;
      };
      const view = await q.findMessageView(db, messageId);
      if (!view) return null;
      const [message] = await toMessages(db, [view]);
      return { conversationId, memberIds, message: message! };
    },
  };
}
