import { date, primaryKey, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

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
