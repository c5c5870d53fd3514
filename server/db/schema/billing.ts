import { sql } from 'drizzle-orm';
import {
  bigint,
  primaryKey,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  index,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { campaigns } from './marketplace';
import { users } from './users';

/**
 * A publisher's payout of the whole approved, unpaid balance in one currency. requested → processing (admin
 * approves) → paid (with the transfer's reference) | failed (its commissions return to the balance). At most
 * one open (requested or processing) payout per publisher and currency, enforced by a partial unique index.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publisherId: uuid('publisher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['requested', 'processing', 'paid', 'failed'] })
      .notNull()
      .default('requested'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    commissionCount: integer('commission_count').notNull().default(0),
    /** the publisher's payout method at request time (profile payout_method / payout_details) */
    method: jsonb('method').$type<Record<string, unknown>>().notNull().default({}),
    /** the bank or PSP transfer reference, required to mark it paid */
    reference: text('reference'),
    failureReason: text('failure_reason'),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payouts_one_open_idx')
      .on(t.publisherId, t.currency)
      .where(sql`${t.status} in ('requested', 'processing')`),
    index('payouts_publisher_idx').on(t.publisherId, t.createdAt),
    index('payouts_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A monthly advertiser invoice in one campaign currency: approved commissions of the month (lines per
 * campaign) plus the platform fee. Numbers (INV-YYYY-NNNN) come from invoice_counters in the same
 * transaction, so they have no gaps; a voided invoice keeps its number. draft → issued → paid | void.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    advertiserId: uuid('advertiser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** YYYY-MM */
    month: text('month').notNull(),
    status: text('status', { enum: ['draft', 'issued', 'paid', 'void'] })
      .notNull()
      .default('draft'),
    currency: text('currency').notNull(),
    // read as bigint: a month's sum of commissions may pass 2^53 minor units, where a number is rounded
    subtotalMinor: bigint('subtotal_minor', { mode: 'bigint' }).notNull(),
    feeBps: integer('fee_bps').notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'bigint' }).notNull(),
    /** the advertiser's billing details when the invoice was made (company, address, VAT id) */
    billing: jsonb('billing').$type<Record<string, unknown>>().notNull().default({}),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_one_per_month_idx')
      .on(t.advertiserId, t.month, t.currency)
      .where(sql`${t.status} <> 'void'`),
    index('invoices_advertiser_idx').on(t.advertiserId, t.month),
    index('invoices_status_idx').on(t.status, t.createdAt),
    index('invoices_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    /** how many commissions the line bills */
    commissions: integer('commissions').notNull(),
    /** a sum of the campaign's commissions: bigint, like the invoice's totals */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.campaignId] })],
);

/** The last invoice number handed out per year; locked and bumped in the transaction that makes an invoice. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});
