import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid, index } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

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
    // the UI language, and the one texts written to the user (e-mails, notifications) use
    language: text('language', { enum: ['en', 'da'] })
      .notNull()
      .default('en'),
    // bumped to revoke every token issued before (password reset, suspension)
    tokenVersion: integer('token_version').notNull().default(0),
    // when the owner followed the e-mailed confirmation link (or was vouched for); null: not confirmed
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
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

/** Single-use e-mail confirmation links (only the SHA-256 of the token is kept), like password resets. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // the address the link confirms: a link sent before the address changed confirms nothing
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_verification_tokens_hash_idx').on(t.tokenHash),
    index('email_verification_tokens_user_idx').on(t.userId),
  ],
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
