import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { forbidden, notFound, unprocessable } from '../../platform/http-error';
import { getSettings } from '../../platform/settings';
import type { UserRow } from '../../platform/current-user';
import { toMinorSum } from '../../platform/minor-sum';
import * as q from './queries';
import type { Referrals } from './schema';

/**
 * A publisher's referral code, link and the publishers they referred with what each earned them. Publishers
 * see their own (another publisher's id answers 404), admins anyone's; advertisers have none (403).
 */
export async function getReferrals(
  ctx: Pick<AppContext, 'db' | 'config'>,
  user: UserRow,
  origin: string,
  publisherId?: string,
): Promise<Referrals> {
  if (user.role === 'advertiser') throw forbidden('Referrals belong to publishers');
  const id = user.role === 'admin' ? publisherId : user.id;
  if (user.role === 'publisher' && publisherId && publisherId !== user.id)
    throw notFound('Publisher not found');
  if (!id) throw unprocessable('publisher_id: name the publisher whose referrals you want');
  const [code, rows, settings] = await Promise.all([
    q.codeFor(ctx.db, id),
    q.referredBy(ctx.db, id),
    getSettings(ctx.db),
  ]);
  return {
    code,
    link: `${ctx.config.appUrl ?? origin}/register?ref=${code}`,
    enabled: settings.referralShareBps > 0,
    share_bps: settings.referralShareBps,
    months: settings.referralMonths,
    referred: rows.map((r) => ({
      publisher_id: r.publisher_id,
      display_name: r.display_name,
      joined_at: r.joined_at,
      earned_minor: toMinorSum(BigInt(r.earned)),
      pending_minor: toMinorSum(BigInt(r.pending)),
      currency: r.currency ?? settings.defaultCurrency,
    })),
  };
}

/**
 * Checks a sign-up's `referral_code` before the account exists: a code no active publisher holds, or a code
 * on an advertiser's sign-up, is bad input (422, nothing stored). Answers the referrer, or null while the
 * programme is off (the code is then ignored). A referral is recorded only for a new account, so nobody can
 * be referred once registered, nor refer themselves.
 */
export async function referrerForSignUp(
  db: Db,
  code: string | undefined,
  role: 'advertiser' | 'publisher',
): Promise<string | null> {
  if (code === undefined) return null;
  if (role !== 'publisher') throw unprocessable('referral_code: only publisher accounts can be referred');
  const referrer = await q.publisherByCode(db, code);
  if (!referrer) throw unprocessable('referral_code: no publisher has this referral code');
  const settings = await getSettings(db);
  return settings.referralShareBps > 0 ? referrer : null;
}

/** Records who referred a new publisher, inside the transaction that creates the account. */
export async function recordReferral(tx: Db, referrerId: string, referredId: string): Promise<void> {
  if (referrerId === referredId) return;
  await q.insertReferral(tx, referrerId, referredId);
}
