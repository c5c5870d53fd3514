import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import type { CampaignFraud } from '../../../contracts/fraud-schema';
import { users } from './users';

/** a campaign's caps per publisher: each a positive integer, absent or null for no cap */
export interface PublisherCapsValue {
  daily_conversions?: number | null;
  monthly_conversions?: number | null;
  daily_commission_minor?: number | null;
  monthly_commission_minor?: number | null;
}

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
    /** hosts a deep link (`/t/{code}?url=`) may lead to; empty: the landing URL's host */
    deepLinkHosts: jsonb('deep_link_hosts').$type<string[]>().notNull().default([]),
    /** pays on renewals (`event=renewal`) for `months` after the first sale (null: for the customer's life) */
    recurring: jsonb('recurring').$type<{
      months: number | null;
      payout_minor?: number;
      revshare_bps?: number;
    } | null>(),
    /** the campaign's fraud thresholds (contracts/fraud.ts); a field left out or null: the platform default */
    fraud: jsonb('fraud').$type<Partial<CampaignFraud>>().notNull().default({}),
    /** per publisher per UTC day and month; null (or a null field): no cap */
    publisherCaps: jsonb('publisher_caps').$type<PublisherCapsValue>(),
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
