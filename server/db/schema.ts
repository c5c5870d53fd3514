import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
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

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // stored lower-cased; the unique index makes e-mail case-insensitive
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['advertiser', 'publisher', 'admin'] }).notNull(),
    name: text('name').notNull().default(''),
    status: text('status', { enum: ['pending', 'active', 'suspended'] })
      .notNull()
      .default('active'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    profileCompletionStatus: text('profile_completion_status', { enum: ['incomplete', 'complete'] })
      .notNull()
      .default('incomplete'),
    profileCompletionStep: text('profile_completion_step', {
      enum: ['registration', 'profile', 'payment', 'complete'],
    })
      .notNull()
      .default('registration'),
    preferredCurrency: text('preferred_currency'),
    // bumped to revoke every token issued before (password reset, suspension)
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    // global search (server/modules/search): typo-tolerant name matching
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name'),
    website: text('website'),
    billingAddress: text('billing_address'),
    vatId: text('vat_id'),
    displayName: text('display_name'),
    payoutMethod: text('payout_method', { enum: ['bank_transfer', 'paypal'] }),
    payoutDetails: text('payout_details'),
    taxId: text('tax_id'),
    country: text('country'),
    updatedAt: updatedAt(),
  },
  (t) => [
    // global search: publishers by display name, advertisers by company name
    index('profiles_display_name_trgm_idx').using('gin', t.displayName.op('gin_trgm_ops')),
    index('profiles_company_name_trgm_idx').using('gin', t.companyName.op('gin_trgm_ops')),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash)],
);

/** Tokens signed out before they expire (`POST /api/auth/logout`); rows past `expires_at` are pruned. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

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

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    advertiserId: uuid('advertiser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    status: text('status', { enum: ['draft', 'active', 'paused', 'ended'] })
      .notNull()
      .default('draft'),
    landingUrl: text('landing_url').notNull(),
    currency: text('currency').notNull(),
    commissionModel: text('commission_model', { enum: ['cpa', 'revshare', 'cpc', 'cpl'] }).notNull(),
    payoutMinor: bigint('payout_minor', { mode: 'number' }),
    revshareBps: integer('revshare_bps'),
    tiers: jsonb('tiers')
      .$type<{ min_conversions_in_month: number; payout_minor?: number; revshare_bps?: number }[]>()
      .notNull()
      .default([]),
    publisherOverrides: jsonb('publisher_overrides')
      .$type<{ publisher_id: string; payout_minor?: number; revshare_bps?: number }[]>()
      .notNull()
      .default([]),
    budgetMinor: bigint('budget_minor', { mode: 'number' }),
    dailyCapMinor: bigint('daily_cap_minor', { mode: 'number' }),
    attributionDays: integer('attribution_days').notNull().default(30),
    approvalMode: text('approval_mode', { enum: ['manual', 'auto'] })
      .notNull()
      .default('manual'),
    allowedCountries: jsonb('allowed_countries').$type<string[]>().notNull().default([]),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    terms: text('terms').notNull().default(''),
    creativeIds: jsonb('creative_ids').$type<string[]>().notNull().default([]),
    trackingSecret: text('tracking_secret').notNull(),
    /** the browser pixel is refused unless the advertiser turns it on */
    pixelEnabled: boolean('pixel_enabled').notNull().default(false),
    /** highest order amount (campaign currency) an unsigned pixel may report; null: no cap */
    maxOrderMinor: bigint('max_order_minor', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaigns_advertiser_idx').on(t.advertiserId),
    index('campaigns_status_idx').on(t.status, t.createdAt),
    // global search: full text over name and description (campaign words corrected against
    // campaign_words first); trigrams on the name for applications found by their campaign's name
    index('campaigns_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('campaigns_search_idx').using(
      'gin',
      sql`to_tsvector('simple'::regconfig, ${t.name} || ' ' || ${t.description})`,
    ),
  ],
);

export const websites = pgTable(
  'websites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publisherId: uuid('publisher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** normalised origin: scheme://host[:port], lower-case, no path */
    url: text('url').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    monthlyVisitors: integer('monthly_visitors').notNull().default(0),
    description: text('description').notNull().default(''),
    verificationStatus: text('verification_status', { enum: ['unverified', 'pending', 'verified', 'failed'] })
      .notNull()
      .default('unverified'),
    verificationMethod: text('verification_method', { enum: ['meta', 'file', 'dns'] }),
    verificationToken: text('verification_token').notNull(),
    verificationError: text('verification_error'),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('websites_publisher_url_idx').on(t.publisherId, t.url),
    index('websites_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('websites_url_trgm_idx').using('gin', t.url.op('gin_trgm_ops')),
  ],
);

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    publisherId: uuid('publisher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    websiteId: uuid('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'suspended', 'withdrawn'] })
      .notNull()
      .default('pending'),
    message: text('message').notNull().default(''),
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // one open application per (campaign, publisher, website); closed ones may be followed by a new one
    uniqueIndex('applications_open_idx')
      .on(t.campaignId, t.publisherId, t.websiteId)
      .where(sql`status in ('pending', 'approved', 'suspended')`),
    index('applications_publisher_idx').on(t.publisherId),
    index('applications_campaign_idx').on(t.campaignId),
  ],
);

/** Created when an application is approved; `GET /t/{code}` resolves it (tracking issue). */
export const trackingLinks = pgTable(
  'tracking_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    publisherId: uuid('publisher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    websiteId: uuid('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tracking_links_code_idx').on(t.code),
    uniqueIndex('tracking_links_application_idx').on(t.applicationId),
  ],
);

/** One row per redirect served by `GET /t/{code}`; written in batches by the click buffer. */
export const clicks = pgTable(
  'clicks',
  {
    /** random, URL-safe; appended to the landing URL as `click_id` */
    id: text('id').primaryKey(),
    // The link: no FOREIGN KEY constraint, whose check is a query per inserted row (a fifth to a third
    // of a click row's write cost). Statement-level triggers keep the same rules (migration 0016): an
    // insert whose link does not exist fails, once per statement, locking the links like the key check
    // does; deleting a link deletes its clicks.
    linkId: uuid('link_id').notNull(),
    // Copies of the link's campaign, publisher and website for reports, without foreign keys of their own:
    // the link's key covers them (deleting any of the three deletes the link, and so its clicks), and
    // each key checked on insert made a click row a third dearer to write.
    campaignId: uuid('campaign_id').notNull(),
    publisherId: uuid('publisher_id').notNull(),
    websiteId: uuid('website_id').notNull(),
    ipHash: text('ip_hash').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    referrer: text('referrer'),
    sub1: text('sub1'),
    sub2: text('sub2'),
    sub3: text('sub3'),
    sub4: text('sub4'),
    sub5: text('sub5'),
    /** ISO 3166 alpha-2 from the proxy's country header (CLICK_COUNTRY_HEADER), when there is one */
    country: text('country'),
    isUnique: boolean('is_unique').notNull(),
    isBot: boolean('is_bot').notNull(),
    /** created by the tracking test tool: never paid, never in reports */
    isTest: boolean('is_test').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('clicks_link_ip_idx').on(t.linkId, t.ipHash, t.createdAt),
    index('clicks_campaign_created_idx').on(t.campaignId, t.createdAt),
    index('clicks_publisher_created_idx').on(t.publisherId, t.createdAt),
  ],
);

export const conversions = pgTable(
  'conversions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The click, campaign, publisher and website: no FOREIGN KEY constraints, whose checks are a query per
    // inserted row each (with the commissions' and notifications' keys, about a fifth of what writing a batch of
    // conversions cost). Statement-level triggers keep the same rules (migration 0020): an insert whose parent
    // does not exist fails with the key's error, once per statement, locking the parents like the key check
    // does; deleting a click, campaign, publisher or website deletes its conversions.
    clickId: text('click_id').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    publisherId: uuid('publisher_id').notNull(),
    websiteId: uuid('website_id').notNull(),
    orderId: text('order_id').notNull(),
    event: text('event', { enum: ['sale', 'lead'] }).notNull(),
    /** the amount as reported, in the reported currency */
    originalAmountMinor: bigint('original_amount_minor', { mode: 'number' }).notNull(),
    originalCurrency: text('original_currency').notNull(),
    /** converted to the campaign currency with the stored rate named in `rate` */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    rate: text('rate').notNull().default('1'),
    source: text('source', { enum: ['postback', 'pixel'] }).notNull(),
    /** pixel conversions are reported by the visitor's browser, not by the advertiser's server */
    clientReported: boolean('client_reported').notNull().default(false),
    isTest: boolean('is_test').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // a repeated postback for the same order creates nothing
    uniqueIndex('conversions_campaign_order_idx').on(t.campaignId, t.orderId),
    index('conversions_click_idx').on(t.clickId),
    index('conversions_publisher_created_idx').on(t.publisherId, t.createdAt),
  ],
);

export const commissions = pgTable(
  'commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['conversion', 'click', 'clawback'] }).notNull(),
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
    /** set when a payout covers this commission; a commission is in at most one payout */
    payoutId: uuid('payout_id').references((): AnyPgColumn => payouts.id, { onDelete: 'restrict' }),
    /** set when an advertiser invoice bills this commission; billed at most once */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    reason: text('reason'),
    /** which rule priced it: base, tier:N, override */
    rule: text('rule').notNull().default('base'),
    isTest: boolean('is_test').notNull().default(false),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('commissions_conversion_idx').on(t.conversionId),
    uniqueIndex('commissions_click_idx').on(t.clickId),
    uniqueIndex('commissions_reverses_idx').on(t.reversesId),
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
    index('commissions_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * Daily rollups for dashboards and reports: one row per UTC day × campaign × publisher × website × sub1 ×
 * country. Kept by statement-level triggers on clicks, conversions and commissions (migration
 * 0008_rollup_triggers), so every write, COPY included, updates them in its own transaction; test events
 * are left out. Money is in the campaign's currency. `npm run rollups:rebuild` recomputes a date range.
 */
export const dailyStats = pgTable(
  'daily_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    campaignId: uuid('campaign_id').notNull(),
    advertiserId: uuid('advertiser_id').notNull(),
    publisherId: uuid('publisher_id').notNull(),
    websiteId: uuid('website_id').notNull(),
    /** '' when the click had none */
    sub1: text('sub1').notNull().default(''),
    /** '' when unknown */
    country: text('country').notNull().default(''),
    currency: text('currency').notNull(),
    clicks: integer('clicks').notNull().default(0),
    uniqueClicks: integer('unique_clicks').notNull().default(0),
    botClicks: integer('bot_clicks').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    /** order amounts of the day's conversions */
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
    /** commissions created that day, by their current status */
    pendingMinor: bigint('pending_minor', { mode: 'number' }).notNull().default(0),
    approvedMinor: bigint('approved_minor', { mode: 'number' }).notNull().default(0),
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
    rejectedMinor: bigint('rejected_minor', { mode: 'number' }).notNull().default(0),
    reversedMinor: bigint('reversed_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.campaignId, t.publisherId, t.websiteId, t.sub1, t.country] }),
    index('daily_stats_advertiser_day_idx').on(t.advertiserId, t.day),
    index('daily_stats_publisher_day_idx').on(t.publisherId, t.day),
    index('daily_stats_campaign_day_idx').on(t.campaignId, t.day),
    index('daily_stats_day_idx').on(t.day),
  ],
);

/**
 * The same figures as daily_stats one level coarser: day × campaign × publisher × website (no sub1, no
 * country), for dashboards and for reports by time, campaign, publisher or website, where daily_stats would
 * sum many small rows. Kept by statement-level triggers on daily_stats itself (migration 0010), so every
 * path that writes daily_stats, the rebuild included, keeps it equal to daily_stats' sums.
 */
export const dailyTotals = pgTable(
  'daily_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    campaignId: uuid('campaign_id').notNull(),
    advertiserId: uuid('advertiser_id').notNull(),
    publisherId: uuid('publisher_id').notNull(),
    websiteId: uuid('website_id').notNull(),
    currency: text('currency').notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    uniqueClicks: bigint('unique_clicks', { mode: 'number' }).notNull().default(0),
    botClicks: bigint('bot_clicks', { mode: 'number' }).notNull().default(0),
    conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
    pendingMinor: bigint('pending_minor', { mode: 'number' }).notNull().default(0),
    approvedMinor: bigint('approved_minor', { mode: 'number' }).notNull().default(0),
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
    rejectedMinor: bigint('rejected_minor', { mode: 'number' }).notNull().default(0),
    reversedMinor: bigint('reversed_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.campaignId, t.publisherId, t.websiteId] }),
    index('daily_totals_advertiser_day_idx').on(t.advertiserId, t.day),
    index('daily_totals_publisher_day_idx').on(t.publisherId, t.day),
    index('daily_totals_campaign_day_idx').on(t.campaignId, t.day),
    index('daily_totals_day_idx').on(t.day),
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

/** Exchange rates per USD (decimal strings, exact); refreshed from the provider, else the built-in table. */
export const exchangeRates = pgTable('exchange_rates', {
  currency: text('currency').primaryKey(),
  perUsd: text('per_usd').notNull(),
  /** 'built-in', or the provider's host */
  source: text('source').notNull(),
  /** the day the provider's rates are of; null for the built-in table */
  day: date('day', { mode: 'string' }),
  updatedAt: updatedAt(),
});

/**
 * Rates per USD of each day a provider published (exact decimal strings): the history behind
 * /currency/historical. One full row set per day; the day is the provider's, not the day of the fetch.
 */
export const exchangeRateHistory = pgTable(
  'exchange_rate_history',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    perUsd: text('per_usd').notNull(),
    /** the provider's host, or 'demo' for the seeded history */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency] })],
);

/**
 * Single row (id = 1): the rates provider job across every server process. A process claims a fetch by
 * setting attempt_started_at in one UPDATE; /currency/health reads the outcome.
 */
export const exchangeRateStatus = pgTable('exchange_rate_status', {
  id: integer('id').primaryKey().default(1),
  attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true, mode: 'date' }),
  attemptFinishedAt: timestamp('attempt_finished_at', { withTimezone: true, mode: 'date' }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
  /** why the last finished attempt failed; null when it succeeded */
  lastError: text('last_error'),
  /** the provider URL of the last attempt */
  provider: text('provider'),
});

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
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    feeBps: integer('fee_bps').notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
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
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.campaignId] })],
);

/** The last invoice number handed out per year; locked and bumped in the transaction that makes an invoice. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * Uploaded files (creatives, attachments). The bytes live in a storage backend (DATA_DIR/media on local
 * disk) under `storage_key`; `thumbnail_key` is set for images. The type is sniffed from the bytes.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sanitised original name, for display and downloads */
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_owner_idx').on(t.ownerId, t.createdAt),
    // global search: the caller's files by name, typo-tolerant
    index('media_filename_trgm_idx').using('gin', t.filename.op('gin_trgm_ops')),
  ],
);

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

/**
 * Every distinct word (full-text lexeme, `to_tsvector('simple', body)`) of every message, kept by a
 * trigger on messages (migration 0017); stale words stay (they match nothing). Search corrects each
 * query word against this short list (trigram similarity) before it looks at messages.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

/**
 * Every distinct word (`to_tsvector('simple', name || ' ' || description)` lexeme) of every campaign, kept
 * by triggers on campaigns (migration 0018); a renamed campaign's old words stay (they match nothing).
 * Campaign search corrects each query word against this list, apart from search_words so that words only
 * messages hold never take a campaign word's place among a query word's closest corrections.
 */
export const campaignWords = pgTable(
  'campaign_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('campaign_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);
