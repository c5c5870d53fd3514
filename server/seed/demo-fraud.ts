import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { commissions } from '../db/schema/commissions';
import type { StoredFraudReason } from '../db/schema/fraud';
import { FRAUD_REJECT_REASON } from '../modules/fraud/service';
import type { DemoUsers } from './demo-users';

/** how many of the suspicious publisher's latest pending commissions wait in the review queue */
const HELD = 6;
/** and how many before those the rules rejected */
const REJECTED = 3;

/** The rules that fired, as the rules in server/modules/fraud/rules/ store them (the UI words them from `figures`). */
const signals = (now: Date): StoredFraudReason[][] => {
  const seen = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  return [
    [
      {
        rule: 'self_address',
        weight: 60,
        detail: `The visitor's address is one the publisher signed in from (last seen ${seen})`,
        figures: { session_last_seen_at: seen },
      },
    ],
    [
      {
        rule: 'too_fast',
        weight: 30,
        detail: 'Converted 1.2 s after the click; the minimum is 3 s',
        figures: { seconds: 1.2, minimum_seconds: 3 },
      },
      {
        rule: 'address_velocity',
        weight: 30,
        detail: '9 conversions from this address in 24 hours; the limit is 5',
        figures: { scope: 'address', conversions_24h: 9, counted: 'exact', limit: 5 },
      },
    ],
    [
      {
        rule: 'click_flood',
        weight: 40,
        detail: '24 clicks from this address on this link within a minute; the limit is 10',
        figures: { clicks_1m: 24, counted: 'exact', limit: 10 },
      },
      {
        rule: 'user_agent',
        weight: 20,
        detail: 'The pixel was fired by another browser (user agent) than the one that clicked',
        figures: { click_user_agent: 'Mozilla/5.0 (iPhone…)', pixel_user_agent: 'python-requests/2.31' },
      },
    ],
    [
      // a busy network: the count stopped one past the limit, so the reason says "or more" (facts.ts)
      {
        rule: 'address_velocity',
        weight: 30,
        detail: "6 or more conversions from this address's network (/24 or /48) in 24 hours; the limit is 5",
        figures: { scope: 'network', conversions_24h: 6, counted: 'at_least', limit: 5 },
      },
      {
        rule: 'user_agent',
        weight: 20,
        detail: 'The pixel was fired by another browser (user agent) than the one that clicked',
        figures: { click_user_agent: 'Mozilla/5.0 (Android…)', pixel_user_agent: 'curl/8.5' },
      },
    ],
  ];
};

/**
 * The suspicious publisher of the demo (Peter's coupon newsletter): the fraud rules held their latest pending
 * commissions for review and rejected a few before, so the review queue, the "under review" badge and the
 * held and rejected counts all have something to show.
 */
export async function seedDemoFraud(tx: Db, users: DemoUsers, now: Date): Promise<void> {
  const fired = signals(now);
  const suspect = users.publishers.peter.id;
  const pending = await tx
    .select({ id: commissions.id })
    .from(commissions)
    .where(
      and(
        eq(commissions.publisherId, suspect),
        eq(commissions.status, 'pending'),
        eq(commissions.kind, 'conversion'),
        eq(commissions.isTest, false),
      ),
    )
    .orderBy(desc(commissions.createdAt))
    .limit(HELD + REJECTED);
  for (const [i, { id }] of pending.entries()) {
    const rejected = i >= HELD;
    const reasons = rejected
      ? [...fired[i % fired.length]!, ...fired[(i + 1) % fired.length]!]
      : fired[i % fired.length]!;
    const score = reasons.reduce((sum, r) => sum + r.weight, 0);
    await tx
      .update(commissions)
      .set({
        onReview: !rejected,
        fraudScore: score,
        fraudReasons: reasons,
        ...(rejected ? { status: 'rejected' as const, reason: FRAUD_REJECT_REASON } : {}),
      })
      .where(inArray(commissions.id, [id]));
  }
}
