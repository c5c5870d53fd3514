import { timestamp } from 'drizzle-orm/pg-core';

/** `created_at` / `updated_at` as every table declares them: timestamptz, set on insert. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
