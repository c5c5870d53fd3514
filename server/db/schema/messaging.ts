import { sql } from 'drizzle-orm';
import {
  bigint,
  primaryKey,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  index,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { campaigns } from './marketplace';
import { users } from './users';

/**
 * A conversation between two or more users, optionally about a campaign. `member_key` (sorted member ids
 * and the campaign id) is unique, so starting a conversation that exists returns it instead of a duplicate.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    memberKey: text('member_key').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_member_key_idx').on(t.memberKey),
    index('conversations_last_message_idx').on(t.lastMessageAt),
  ],
);

/** Who is in a conversation, and how far each member has read (their read receipt). */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** seq of the last message this member has read; 0 for none */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true, mode: 'date' }),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId),
  ],
);

/**
 * Messages in order: `seq` grows with every message across all conversations, so it serves as the
 * thread's cursor (`before`) and as the live stream's event id (Last-Event-ID resumes after it).
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** media ids attached (the sender's own, or creatives they may use) */
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    /**
     * For search only: the conversation's members, copied from conversation_members by triggers
     * (migration 0017) when the message is written and when a member joins; never shrinks, so it holds
     * at least every current member. Lets the search index skip other people's messages; the
     * membership join stays the rule.
     */
    memberIds: uuid('member_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_seq_idx').on(t.seq),
    index('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    // global search: the words of a member's messages (search/message-scope.ts); typos are corrected
    // against search_words first, so this is exact full text
    index('messages_search_idx').using('gin', t.memberIds, sql`to_tsvector('simple'::regconfig, ${t.body})`),
  ],
);
