import {
  bigint,
  boolean,
  primaryKey,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  index,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/** Single-row table (id = 1) of platform settings an admin edits. */
export const adminSettings = pgTable('admin_settings', {
  id: integer('id').primaryKey().default(1),
  defaultCurrency: text('default_currency').notNull().default('USD'),
  platformFeeBps: integer('platform_fee_bps').notNull().default(1000),
  minPayoutMinor: bigint('min_payout_minor', { mode: 'number' }).notNull().default(5000),
  holdDays: integer('hold_days').notNull().default(30),
  registrationRequiresApproval: boolean('registration_requires_approval').notNull().default(false),
  maxUploadBytes: integer('max_upload_bytes')
    .notNull()
    .default(10 * 1024 * 1024),
  ratesProviderUrl: text('rates_provider_url'),
  /** clicks older than this many days are dropped a whole month at a time; reports keep their totals */
  clickRetentionDays: integer('click_retention_days').notNull().default(400),
  /** publisher referrals: the referrer's share of each approved commission; 0 turns the programme off */
  referralShareBps: integer('referral_share_bps').notNull().default(0),
  /** how long after a referred publisher joins their commissions earn the referrer a share */
  referralMonths: integer('referral_months').notNull().default(12),
  /**
   * new accounts confirm their e-mail before applying, requesting payouts or being invoiced; null follows
   * the install's default (config.requireEmailVerification: on in production)
   */
  requireEmailVerification: boolean('require_email_verification'),
  updatedAt: updatedAt(),
});

/** Secrets generated on first start (JWT signing key, VAPID keys) so restarts keep sessions valid. */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  error: text('error'),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/**
 * Answers remembered per user and Idempotency-Key header for writes, so a write replayed after a lost answer
 * (the offline queue) is applied once: the same key answers the first answer again. A row without a
 * status_code is a request still running. Pruned after a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** sha256 of the request body as parsed: a key reused with another body is refused, not replayed */
    bodyHash: text('body_hash'),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Abuse-limit counters shared by every instance on one PostgreSQL (platform/rate-limit-store.ts): one row
 * per key (`login|<address>` …) with the hits of its current window and when that window ends. Expired
 * rows are pruned every minute. PGlite (one process) counts in memory and leaves this table empty.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_resets_idx').on(t.resetsAt)],
);
