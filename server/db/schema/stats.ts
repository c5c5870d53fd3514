import { bigint, date, primaryKey, integer, pgTable, text, uuid, index } from 'drizzle-orm/pg-core';
import { trackingLinks } from './tracking';

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
 * Per tracking link and UTC day: what the links list counts and what the "has it tracked anything" checks
 * ask, so both stay the same after the click retention drops a month of clicks. Kept by the same statement
 * triggers as daily_stats (daily_stats_from_clicks and daily_stats_from_conversions, migration
 * 0032_link_daily_rollup); unlike daily_stats it counts test clicks too (apart), since a test click makes a
 * campaign or website one with history. Deleting a link deletes its rows (as it deletes its clicks).
 */
export const linkDailyStats = pgTable(
  'link_daily_stats',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => trackingLinks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** human clicks, no tests: as daily_stats counts them */
    clicks: integer('clicks').notNull().default(0),
    uniqueClicks: integer('unique_clicks').notNull().default(0),
    botClicks: integer('bot_clicks').notNull().default(0),
    /** clicks of the tracking test tool, bots or not: counted nowhere else */
    testClicks: integer('test_clicks').notNull().default(0),
    /** conversions on the link's clicks, by conversion day, no tests */
    conversions: integer('conversions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day] })],
);
