import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { campaigns } from './marketplace';
import { users } from './users';

/**
 * Coupon codes an advertiser gives an approved publisher on a campaign: a postback with `coupon` and no
 * `click_id` is attributed to the code's publisher. `code` is stored upper-case, so the unique index makes
 * codes unique per campaign without regard to case. A revoked code keeps its row (conversions and reports
 * name it) and frees the code for a new one.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    publisherId: uuid('publisher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('coupons_campaign_code_idx')
      .on(t.campaignId, t.code)
      .where(sql`revoked_at is null`),
    index('coupons_publisher_idx').on(t.publisherId),
  ],
);
