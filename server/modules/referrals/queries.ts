import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/connection';
import { referralCodes, referrals } from '../../db/schema/referrals';
import { users } from '../../db/schema/users';

/** no 0/O or 1/I: a code read aloud or copied by hand stays unambiguous */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** The publisher's code, made on first use (a clash with another code just draws again). */
export async function codeFor(db: Db, publisherId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.publisherId, publisherId));
    if (existing) return existing.code;
    await db.insert(referralCodes).values({ publisherId, code: newCode() }).onConflictDoNothing();
  }
  throw new Error('could not make a referral code');
}

/** The active publisher whose code this is (case-insensitive), or null. */
export async function publisherByCode(db: Db, code: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.publisherId))
    .where(
      and(
        eq(referralCodes.code, code.toUpperCase()),
        eq(users.role, 'publisher'),
        eq(users.status, 'active'),
      ),
    );
  return row?.id ?? null;
}

export async function insertReferral(db: Db, referrerId: string, referredId: string): Promise<void> {
  await db.insert(referrals).values({ referrerId, referredId }).onConflictDoNothing();
}

export interface ReferredRow {
  publisher_id: string;
  display_name: string;
  joined_at: string;
  currency: string | null;
  earned: string;
  pending: string;
}

/**
 * The publishers `referrerId` referred, with what their commissions earned the referrer per currency:
 * approved and paid referral commissions less their clawbacks, and those still pending.
 */
export function referredBy(db: Db, referrerId: string): Promise<ReferredRow[]> {
  return executeRows<ReferredRow>(
    db,
    sql`select r.referred_id::text as publisher_id,
        coalesce(nullif(p.display_name, ''), u.name, '') as display_name,
        to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as joined_at,
        e.currency, coalesce(e.earned, 0)::text as earned, coalesce(e.pending, 0)::text as pending
      from referrals r
      join users u on u.id = r.referred_id
      left join profiles p on p.user_id = r.referred_id
      left join lateral (
        select rc.currency,
          coalesce(sum(rc.amount_minor) filter (where rc.status in ('approved', 'paid')), 0)
            + coalesce(sum(cb.amount_minor) filter (where cb.status in ('approved', 'paid')), 0) as earned,
          coalesce(sum(rc.amount_minor) filter (where rc.status = 'pending'), 0) as pending
        from commissions rc
        join commissions base on base.id = rc.referral_of and base.publisher_id = r.referred_id
        left join commissions cb on cb.reverses_id = rc.id and cb.kind = 'clawback'
        where rc.kind = 'referral' and rc.publisher_id = r.referrer_id
        group by rc.currency
      ) e on true
      where r.referrer_id = ${referrerId}
      order by r.created_at desc, r.referred_id, e.currency`,
  );
}
