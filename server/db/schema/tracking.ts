import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { applications, campaigns, websites } from './marketplace';
import { users } from './users';

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

/**
 * One row per redirect served by `GET /t/{code}`; written in batches by the click buffer. Range-partitioned by
 * month of `created_at` (migration 0024; drizzle-kit does not model partitions): clicks_yYYYYmMM, made ahead by
 * the partition job (server/platform/event-partitions.ts), and clicks_default for rows outside them. Old months
 * are dropped whole by the click retention setting; the daily rollups keep their figures.
 */
export const clicks = pgTable(
  'clicks',
  {
    /**
     * random, URL-safe; appended to the landing URL as `click_id`. Unique in practice (random), but the key is
     * (id, created_at): a partitioned table's keys must hold its partition key. A lookup by id alone reads
     * each month's index.
     */
    id: text('id').notNull(),
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
    /** the address's network (/24 IPv4, /48 IPv6), hashed like ip_hash: the fraud rules count per network */
    netHash: text('net_hash'),
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
    primaryKey({ name: 'clicks_pkey', columns: [t.id, t.createdAt] }),
    index('clicks_link_ip_idx').on(t.linkId, t.ipHash, t.createdAt),
    index('clicks_campaign_created_idx').on(t.campaignId, t.createdAt),
    index('clicks_publisher_created_idx').on(t.publisherId, t.createdAt),
  ],
);

/**
 * Range-partitioned by month of `created_at` like clicks (migration 0024), never dropped. A (campaign, order_id)
 * is stored once across all months: the row trigger conversions_order_once claims it in conversion_orders and
 * skips the row (as ON CONFLICT DO NOTHING did with the unique index this table can no longer have).
 */
export const conversions = pgTable(
  'conversions',
  {
    id: uuid('id').notNull().defaultRandom(),
    // The click, campaign, publisher and website: no FOREIGN KEY constraints, whose checks are a query per
    // inserted row each (with the commissions' and notifications' keys, about a fifth of what writing a batch of
    // conversions cost). Statement-level triggers keep the same rules (migration 0020): an insert whose parent
    // does not exist fails with the key's error, once per statement, locking the parents like the key check
    // does; deleting a click, campaign, publisher or website deletes its conversions.
    // null for a conversion without a click: attributed by a coupon code, or a renewal of such a sale
    clickId: text('click_id'),
    campaignId: uuid('campaign_id').notNull(),
    publisherId: uuid('publisher_id').notNull(),
    websiteId: uuid('website_id').notNull(),
    orderId: text('order_id').notNull(),
    /** `renewal`: a recurring payment of an earlier sale (`renewal_of`), credited to that sale's publisher */
    event: text('event', { enum: ['sale', 'lead', 'renewal'] }).notNull(),
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
    /** how the publisher was found: the click (`click_id`) or a coupon code (`coupon_id`, no click) */
    attributedBy: text('attributed_by', { enum: ['click', 'coupon'] })
      .notNull()
      .default('click'),
    couponId: uuid('coupon_id'),
    /** the advertiser's ids of the customer and subscription, as the postback sent them: renewals find the sale by them */
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    /** a renewal's first sale */
    renewalOf: uuid('renewal_of'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'conversions_pkey', columns: [t.id, t.createdAt] }),
    index('conversions_campaign_customer_idx')
      .on(t.campaignId, t.customerId)
      .where(sql`customer_id is not null and event = 'sale'`),
    index('conversions_campaign_subscription_idx')
      .on(t.campaignId, t.subscriptionId)
      .where(sql`subscription_id is not null and event = 'sale'`),
    index('conversions_coupon_idx')
      .on(t.couponId)
      .where(sql`coupon_id is not null`),
    // lookups of stored orders; a repeated postback for the same order creates nothing (conversion_orders)
    index('conversions_campaign_order_idx').on(t.campaignId, t.orderId),
    index('conversions_click_idx').on(t.clickId),
    index('conversions_publisher_created_idx').on(t.publisherId, t.createdAt),
  ],
);

/**
 * One row per (campaign, order_id) ever stored in conversions: the uniqueness the partitioned conversions table
 * cannot hold across its months. Written only by the trigger on conversions (migration 0024).
 */
export const conversionOrders = pgTable(
  'conversion_orders',
  {
    campaignId: uuid('campaign_id').notNull(),
    orderId: text('order_id').notNull(),
    conversionId: uuid('conversion_id').notNull(),
  },
  (t) => [primaryKey({ name: 'conversion_orders_pkey', columns: [t.campaignId, t.orderId] })],
);

/** Months of clicks the retention job dropped (their figures live on in the daily rollups). */
export const droppedClickMonths = pgTable('dropped_click_months', {
  /** the first day of the month, UTC */
  month: date('month', { mode: 'string' }).primaryKey(),
  droppedAt: timestamp('dropped_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
