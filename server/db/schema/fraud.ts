import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './users';

/** What a rule that fired stores on its commission: the wire's `{ rule, detail }` and the figures behind it. */
export interface StoredFraudReason {
  rule: string;
  weight: number;
  detail: string;
  figures: Record<string, number | string | null>;
}

/** Single-row table (id = 1): the platform's default fraud thresholds, as an admin set them (null: built in). */
export const fraudSettings = pgTable('fraud_settings', {
  id: integer('id').primaryKey().default(1),
  thresholds: jsonb('thresholds').$type<Record<string, number>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/**
 * The addresses (hashed like a click's: salted SHA-256) users signed in from, and when last: a conversion
 * from the address of a session of the publisher who earns it is suspicious.
 */
export const sessionAddresses = pgTable(
  'session_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ipHash: text('ip_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ipHash] })],
);

/**
 * The address and network (/24, /48) each scored conversion came from, by time: what "conversions per
 * address and per network per day" count. Written with the conversion; rows older than a day are no longer
 * read. One index, by network: a network's rows hold its addresses' (an address without a network, which is
 * no IP address, is its own network), so one lookup per conversion counts both, and each row written costs
 * one index entry (migration 0036; there were three: the key, by address, by network). No key: a row is only
 * ever counted, never looked up by its conversion.
 */
export const conversionAddresses = pgTable(
  'conversion_addresses',
  {
    conversionId: uuid('conversion_id').notNull(),
    ipHash: text('ip_hash').notNull(),
    netHash: text('net_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('conversion_addresses_net_idx').on(t.netHash, t.createdAt, t.ipHash)],
);
