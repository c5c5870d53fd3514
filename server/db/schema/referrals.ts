import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** A publisher's referral code (made on first use), for the sign-up link `/register?ref=CODE`. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    publisherId: uuid('publisher_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** upper-case A–Z and 2–9; matched case-insensitively */
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referral_codes_code_idx').on(t.code)],
);

/** Who referred a publisher: written once, when the referred publisher registers with the code. */
export const referrals = pgTable(
  'referrals',
  {
    referredId: uuid('referred_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the referred publisher's join: referral commissions run for referral_months from here */
    createdAt: createdAt(),
  },
  (t) => [index('referrals_referrer_idx').on(t.referrerId, t.createdAt)],
);
