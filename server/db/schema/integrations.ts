import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { campaigns } from './marketplace';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The delivery outbox: one row per domain event, written in the transaction of the change that caused it
 * (server/platform/outbox.ts), so an event exists exactly when its change committed. The delivery worker
 * fans each out to the matching webhook endpoints and publisher postbacks (`fanned_out_at`).
 */
export const integrationEvents = pgTable(
  'integration_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    /** the body's `data`: the API's own wire shape of what changed */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** users besides admins whose webhooks may receive it (the campaign's advertiser, conversation members) */
    audience: uuid('audience')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** the publisher whose postbacks may receive it (conversions and their commissions) */
    publisherId: uuid('publisher_id'),
    campaignId: uuid('campaign_id'),
    createdAt: createdAt(),
    /** set once the deliveries of the event are written; null while the worker still has to */
    fannedOutAt: at('fanned_out_at'),
  },
  (t) => [
    index('integration_events_pending_idx')
      .on(t.createdAt)
      .where(sql`fanned_out_at is null`),
  ],
);

/** An advertiser's or admin's webhook endpoint (Standard Webhooks signing). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<string[]>().notNull(),
    /** `whsec_` + base64 of the signing key */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** first failed attempt since the last success: failing for the disable period turns the endpoint off */
    failingSince: at('failing_since'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_owner_idx').on(t.ownerId)],
);

/** A publisher's outgoing server-to-server postback URL (with macros). */
export const publisherPostbacks = pgTable(
  'publisher_postbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publisherId: uuid('publisher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** null: every campaign of the publisher */
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    /** conversion, approved, rejected, reversed */
    on: jsonb('on').$type<string[]>().notNull(),
    method: text('method', { enum: ['GET', 'POST'] })
      .notNull()
      .default('GET'),
    enabled: boolean('enabled').notNull().default(true),
    failingSince: at('failing_since'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('publisher_postbacks_publisher_idx').on(t.publisherId)],
);

/**
 * One attempt to deliver one event to one endpoint or postback: the delivery log. A row with
 * `next_attempt_at` is work still to do (due then; a claimed row's lease runs until then, so a process that
 * dies mid-send leaves it to be sent again); a sent row keeps its answer, and a failed one that may be
 * retried is followed by the next attempt's row.
 */
export const integrationDeliveries = pgTable(
  'integration_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => integrationEvents.id, { onDelete: 'cascade' }),
    webhookId: uuid('webhook_id').references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    postbackId: uuid('postback_id').references(() => publisherPostbacks.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    attempt: integer('attempt').notNull().default(1),
    nextAttemptAt: at('next_attempt_at'),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    /** the first 1 KB of the answer */
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    /** when the attempt was sent */
    attemptedAt: at('attempted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('integration_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`next_attempt_at is not null`),
    index('integration_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    index('integration_deliveries_postback_idx').on(t.postbackId, t.createdAt),
    index('integration_deliveries_event_idx').on(t.eventId),
  ],
);
