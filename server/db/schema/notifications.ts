import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, index } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/** A notification's title and body as written: a Message ({ key, values }) or a plain string. */
export interface NotificationTexts {
  title: string | { key: string; values?: Record<string, unknown> };
  body: string | { key: string; values?: Record<string, unknown> };
}

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No FOREIGN KEY constraint (a query per inserted row): a statement-level trigger keeps its rules
    // (migration 0020). An insert for a user who does not exist fails; deleting a user deletes theirs.
    userId: uuid('user_id').notNull(),
    category: text('category').notNull(),
    priority: text('priority', { enum: ['low', 'normal', 'high'] })
      .notNull()
      .default('normal'),
    isImportant: boolean('is_important').notNull().default(false),
    requiresAction: boolean('requires_action').notNull().default(false),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    // title and body as catalog keys and values (platform/i18n.ts Message), so the list renders them in the
    // reader's language of the day; null for a user's own words and for rows written before this column
    texts: jsonb('texts').$type<NotificationTexts>(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
