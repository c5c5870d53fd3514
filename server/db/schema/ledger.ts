import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A publisher's earnings ledger: one row per change to their money, chained by SHA-256 (README "Ledger").
 * Rows are only ever inserted: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0027). The
 * primary key (publisher, seq) is the last word against a forked chain. No foreign keys, as commissions:
 * a bulk insert would pay a lookup per row; ref_id names a commission or a payout, depending on `kind`.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    publisherId: uuid('publisher_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    kind: text('kind').notNull(),
    refId: uuid('ref_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** the publisher's balance in `currency` after this entry; exact beyond 2^53 */
    balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.publisherId, t.seq] }), index('ledger_entries_ref_idx').on(t.refId)],
);

/**
 * Each publisher's chain head, the row every append locks (FOR UPDATE), so two transactions never fork a
 * chain, and reads, so an append does not scan the entries. Mutable bookkeeping: the entries are the truth.
 */
export const ledgerHeads = pgTable('ledger_heads', {
  publisherId: uuid('publisher_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  hash: text('hash').notNull(),
  /** balance per currency after the head entry, as decimal strings (exact) */
  balances: jsonb('balances').$type<Record<string, string>>().notNull().default({}),
});
