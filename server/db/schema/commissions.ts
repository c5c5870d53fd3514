import { sql } from 'drizzle-orm';
import { SYSTEM_REASONS } from '../../../contracts/commissions';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  primaryKey,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  index,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import type { StoredFraudReason } from './fraud';
import { invoices, payouts } from './billing';
import { campaigns } from './marketplace';
import { users } from './users';

/**
 * The publisher's-cap reason written into a statement as a literal, not bound: a partial index serves a
 * query only when the query states its condition in the same words (commissions_publisher_capped_idx).
 */
export const PUBLISHER_CAP_REASON_SQL = sql.raw(`'${SYSTEM_REASONS.publisher_cap.replaceAll("'", "''")}'`);

export const commissions = pgTable(
  'commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['conversion', 'click', 'clawback', 'referral'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'reversed', 'paid'] })
      .notNull()
      .default('pending'),
    /** campaign currency; negative for a clawback */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    // The campaign, advertiser, publisher, website, conversion and click: no FOREIGN KEY constraints (a query
    // per inserted row each). Statement-level triggers keep their rules (migration 0020): inserting a commission
    // whose parent does not exist fails with the key's error; a campaign, advertiser, publisher or conversion
    // with commissions cannot be deleted (restrict); deleting a website or click sets it to null here.
    campaignId: uuid('campaign_id').notNull(),
    advertiserId: uuid('advertiser_id').notNull(),
    publisherId: uuid('publisher_id').notNull(),
    websiteId: uuid('website_id'),
    conversionId: uuid('conversion_id'),
    clickId: text('click_id'),
    /** for a clawback: the paid commission it claws back */
    reversesId: uuid('reverses_id'),
    /** for a referral commission: the referred publisher's approved commission it is a share of */
    referralOf: uuid('referral_of'),
    /** set when a payout covers this commission; a commission is in at most one payout */
    payoutId: uuid('payout_id').references((): AnyPgColumn => payouts.id, { onDelete: 'restrict' }),
    /** set when an advertiser invoice bills this commission; billed at most once */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    reason: text('reason'),
    /** which rule priced it: base, tier:N, override */
    rule: text('rule').notNull().default('base'),
    isTest: boolean('is_test').notNull().default(false),
    /** held by the fraud rules: pending until someone decides it, never approved by the hold-period job */
    onReview: boolean('on_review').notNull().default(false),
    /** the sum of the weights of the fraud rules that fired (0: none) */
    fraudScore: integer('fraud_score').notNull().default(0),
    fraudReasons: jsonb('fraud_reasons').$type<StoredFraudReason[]>().notNull().default([]),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('commissions_conversion_idx').on(t.conversionId),
    uniqueIndex('commissions_click_idx').on(t.clickId),
    uniqueIndex('commissions_reverses_idx').on(t.reversesId),
    uniqueIndex('commissions_referral_of_idx').on(t.referralOf),
    index('commissions_publisher_idx').on(t.publisherId, t.createdAt),
    index('commissions_campaign_idx').on(t.campaignId, t.createdAt),
    index('commissions_status_idx').on(t.status, t.createdAt),
    // advertisers' commission lists and totals
    index('commissions_advertiser_idx').on(t.advertiserId, t.createdAt),
    // balances (and the publisher dashboard's payout to-do) read only what is still open: an index-only
    // scan of pending and unpaid approved rows, however long the paid history grows
    index('commissions_open_balance_idx')
      .on(t.publisherId, t.currency, t.status, t.amountMinor)
      .where(sql`${t.status} in ('pending', 'approved') and ${t.payoutId} is null and not ${t.isTest}`),
    // the advertiser dashboard's "commissions to approve"
    index('commissions_pending_advertiser_idx')
      .on(t.advertiserId)
      .where(sql`${t.status} = 'pending' and not ${t.isTest}`),
    index('commissions_payout_idx').on(t.payoutId),
    // the fraud review queue: what is held, oldest first
    index('commissions_on_review_idx')
      .on(t.advertiserId, t.createdAt)
      .where(sql`${t.onReview}`),
    index('commissions_invoice_idx').on(t.invoiceId),
    // reports' count of what went over a publisher's cap (only those rows, by the same reason's words)
    index('commissions_publisher_capped_idx')
      .on(t.createdAt)
      .where(sql`${t.reason} = ${PUBLISHER_CAP_REASON_SQL} and not ${t.isTest}`),
    // the held and rejected-for-fraud counts of dashboards and reports: only what a rule scored, so the
    // count reads those few rows, not a window of every commission (0.5 s at 5M commissions without it)
    index('commissions_fraud_scored_idx')
      .on(t.createdAt)
      .where(sql`${t.fraudScore} > 0 and not ${t.isTest}`),
  ],
);

/**
 * What each campaign has spent: the sum of its non-test commissions in a spending status (pending, approved,
 * paid; clawbacks count negative), in the campaign's currency. Kept by statement-level triggers on
 * commissions (migration 0015), so every write of a commission keeps it exact in its own transaction; the
 * budget check reads one row instead of summing the campaign's commissions.
 */
export const campaignSpend = pgTable('campaign_spend', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  spentMinor: bigint('spent_minor', { mode: 'number' }).notNull().default(0),
});

/** The same per UTC day of the commissions' creation: what the daily cap is checked against. */
export const campaignDailySpend = pgTable(
  'campaign_daily_spend',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    spentMinor: bigint('spent_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);
