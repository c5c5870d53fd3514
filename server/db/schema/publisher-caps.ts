import { date, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { campaigns } from './marketplace';
import { users } from './users';

/**
 * The days a publisher was told they reached a campaign's cap: the primary key makes the notice once per
 * publisher, campaign and UTC day, however many batches hit the cap at once.
 */
export const publisherCapNotices = pgTable(
  'publisher_cap_notices',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    publisherId: uuid('publisher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.publisherId, t.day] })],
);
