import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * A user's API keys. The secret (`afk_…`) is never stored: `prefix` (its first characters, shown in
 * lists) finds the row, `key_hash` (SHA-256 of the whole secret) proves it. Revoked keys stay for the audit
 * trail with `revoked_at` set and no longer authenticate.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    /** hex SHA-256 of the whole secret */
    keyHash: text('key_hash').notNull(),
    scope: text('scope', { enum: ['read', 'full'] }).notNull(),
    /** empty: every resource the owner may use */
    resources: text('resources').array().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_prefix_idx').on(t.prefix), index('api_keys_user_idx').on(t.userId, t.createdAt)],
);
