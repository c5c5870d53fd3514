import { and, asc, desc, eq, gt, inArray, lt, ne, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { campaigns } from '../../db/schema/marketplace';
import { media } from '../../db/schema/media';
import { conversationMembers, conversations, messages } from '../../db/schema/messaging';
import { profiles, users } from '../../db/schema/users';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type MemberRow = typeof conversationMembers.$inferSelect;
export type MediaRow = typeof media.$inferSelect;

export interface MemberView {
  member: MemberRow;
  name: string;
  role: 'advertiser' | 'publisher' | 'admin';
  companyName: string | null;
}

export interface MessageView {
  message: MessageRow;
  senderName: string | null;
}

/** The conversation if `userId` is one of its members, else null (non-members never learn it exists). */
export async function findConversationForMember(
  db: Db,
  id: string,
  userId: string,
): Promise<ConversationRow | null> {
  const [row] = await db
    .select({ conversation: conversations })
    .from(conversations)
    .innerJoin(
      conversationMembers,
      and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.userId, userId)),
    )
    .where(eq(conversations.id, id));
  return row?.conversation ?? null;
}

/** Inserts the conversation, or answers the one with the same members and campaign (`created: false`). */
export async function insertOrFindConversation(
  db: Db,
  values: { campaignId: string | null; memberKey: string; createdBy: string },
  memberIds: string[],
): Promise<{ conversation: ConversationRow; created: boolean }> {
  const [inserted] = await db.insert(conversations).values(values).onConflictDoNothing().returning();
  if (inserted) {
    await db
      .insert(conversationMembers)
      .values(memberIds.map((userId) => ({ conversationId: inserted.id, userId })))
      .onConflictDoNothing();
    return { conversation: inserted, created: true };
  }
  const [existing] = await db
    .select()
    .from(conversations)
    .where(eq(conversations.memberKey, values.memberKey));
  if (!existing) throw new Error('conversation vanished between insert and select');
  return { conversation: existing, created: false };
}

/** A page of the user's conversations, most recently active first. */
export async function listConversationIds(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const mine = and(eq(conversationMembers.userId, userId));
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: conversations.id })
      .from(conversations)
      .innerJoin(conversationMembers, eq(conversationMembers.conversationId, conversations.id))
      .where(mine)
      .orderBy(
        desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`),
        desc(conversations.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversationMembers)
      .where(mine),
  ]);
  return { ids: rows.map((r) => r.id), total: count?.n ?? 0 };
}

export async function findConversations(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ conversation: conversations, campaignName: campaigns.name })
    .from(conversations)
    .leftJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .where(inArray(conversations.id, ids));
}

export async function findMembers(db: Db, conversationIds: string[]): Promise<MemberView[]> {
  if (conversationIds.length === 0) return [];
  return db
    .select({
      member: conversationMembers,
      name: users.name,
      role: users.role,
      companyName: profiles.companyName,
    })
    .from(conversationMembers)
    .innerJoin(users, eq(users.id, conversationMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(conversationMembers.conversationId, conversationIds))
    .orderBy(asc(conversationMembers.joinedAt), asc(users.name));
}

export async function memberIdsOf(db: Db, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId));
  return rows.map((r) => r.userId);
}

const messageView = { message: messages, senderName: users.name };

/** One message with its sender's name, or null when it is gone. */
export async function findMessageView(db: Db, messageId: string): Promise<MessageView | null> {
  const [row] = await db
    .select(messageView)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, messageId));
  return row ?? null;
}

/** The newest message of each conversation. */
export async function lastMessages(db: Db, conversationIds: string[]): Promise<MessageView[]> {
  if (conversationIds.length === 0) return [];
  return db
    .selectDistinctOn([messages.conversationId], messageView)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(inArray(messages.conversationId, conversationIds))
    .orderBy(messages.conversationId, desc(messages.seq));
}

/** Messages from others after the user's read receipt, per conversation. */
export async function unreadCounts(
  db: Db,
  userId: string,
  conversationIds?: string[],
): Promise<Map<string, number>> {
  if (conversationIds?.length === 0) return new Map();
  const rows = await db
    .select({ id: messages.conversationId, n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, messages.conversationId),
        eq(conversationMembers.userId, userId),
      ),
    )
    .where(
      and(
        gt(messages.seq, conversationMembers.lastReadSeq),
        or(isNull(messages.senderId), ne(messages.senderId, userId)),
        conversationIds ? inArray(messages.conversationId, conversationIds) : undefined,
      ),
    )
    .groupBy(messages.conversationId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Up to `limit` messages older than `before` (all when absent), oldest first. */
export async function listMessages(
  db: Db,
  conversationId: string,
  page: { before?: number; limit: number },
): Promise<{ items: MessageView[]; total: number }> {
  const [newestFirst, [count]] = await Promise.all([
    db
      .select(messageView)
      .from(messages)
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(
        and(
          eq(messages.conversationId, conversationId),
          page.before ? lt(messages.seq, page.before) : undefined,
        ),
      )
      .orderBy(desc(messages.seq))
      .limit(page.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.conversationId, conversationId)),
  ]);
  return { items: newestFirst.reverse(), total: count?.n ?? 0 };
}

/** The user's messages (in every conversation they are in) after `seq`, oldest first: a stream resuming. */
export async function messagesSince(
  db: Db,
  userId: string,
  seq: number,
  limit: number,
): Promise<MessageView[]> {
  return db
    .select(messageView)
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, messages.conversationId),
        eq(conversationMembers.userId, userId),
      ),
    )
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(gt(messages.seq, seq))
    .orderBy(asc(messages.seq))
    .limit(limit);
}

/** Appends a message: the conversation's activity time and the sender's own read receipt move with it. */
export async function insertMessage(
  db: Db,
  values: { conversationId: string; senderId: string; body: string; attachmentIds: string[] },
): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  if (!row) throw new Error('message insert returned nothing');
  await db
    .update(conversations)
    .set({ lastMessageAt: row.createdAt })
    .where(eq(conversations.id, values.conversationId));
  await db
    .update(conversationMembers)
    .set({ lastReadSeq: row.seq, lastReadAt: row.createdAt })
    .where(
      and(
        eq(conversationMembers.conversationId, values.conversationId),
        eq(conversationMembers.userId, values.senderId),
      ),
    );
  return row;
}

export async function newestSeq(db: Db, conversationId: string): Promise<number> {
  const [row] = await db
    .select({ seq: sql<string | null>`max(${messages.seq})::text` })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  return Number(row?.seq ?? 0);
}

/** Moves the read receipt forward (never back) to `seq`; answers the member row after. */
export async function markRead(
  db: Db,
  conversationId: string,
  userId: string,
  seq: number,
): Promise<MemberRow> {
  const [row] = await db
    .update(conversationMembers)
    .set({
      lastReadSeq: sql`greatest(${conversationMembers.lastReadSeq}, ${seq})`,
      lastReadAt: new Date(),
    })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    )
    .returning();
  if (!row) throw new Error('member vanished while marking read');
  return row;
}

export async function findMedia(db: Db, ids: string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(media).where(inArray(media.id, ids));
}
