import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { commissions } from '../db/schema/commissions';
import { campaigns } from '../db/schema/marketplace';
import { notifications } from '../db/schema/notifications';
import { publisherCapNotices } from '../db/schema/publisher-caps';
import { referralCodes, referrals } from '../db/schema/referrals';
import { users } from '../db/schema/users';
import { PUBLISHER_CAP_REASON, referralShareMinor } from '../modules/commissions/service';
import { updateSettings } from '../platform/settings';
import type { DemoUsers } from './demo-users';

const SHARE_BPS = 1000;
const MONTHS = 12;

/**
 * Issue 46 in the demo: Peter is capped on one campaign (5 conversions a day; his latest pending commissions
 * there were over it, told once), and Paula referred Priya, earning 10 % of Priya's approved commissions.
 */
export async function seedDemoCapsAndReferrals(db: Db, users_: DemoUsers, now: Date): Promise<void> {
  await seedCappedPublisher(db, users_.publishers.peter.id, now);
  await seedReferral(db, users_.publishers.paula.id, users_.publishers.priya.id, now);
}

async function seedCappedPublisher(db: Db, publisherId: string, now: Date): Promise<void> {
  const recent = await db
    .select()
    .from(commissions)
    .where(
      and(
        eq(commissions.publisherId, publisherId),
        eq(commissions.status, 'pending'),
        // the ones the fraud rules hold for review stay in the review queue (demo-fraud.ts)
        eq(commissions.onReview, false),
      ),
    )
    .orderBy(desc(commissions.createdAt))
    .limit(40);
  const campaignId = recent.find((c) => c.kind === 'conversion')?.campaignId;
  if (!campaignId) return;
  await db
    .update(campaigns)
    .set({ publisherCaps: { daily_conversions: 5, monthly_conversions: 100 } })
    .where(eq(campaigns.id, campaignId));
  const capped = recent.filter((c) => c.campaignId === campaignId && c.kind === 'conversion').slice(0, 4);
  if (capped.length === 0) return;
  await db
    .update(commissions)
    .set({ status: 'rejected', reason: PUBLISHER_CAP_REASON, updatedAt: now })
    .where(
      inArray(
        commissions.id,
        capped.map((c) => c.id),
      ),
    );
  const day = capped[0]!.createdAt.toISOString().slice(0, 10);
  await db.insert(publisherCapNotices).values({ campaignId, publisherId, day }).onConflictDoNothing();
  await db.insert(notifications).values({
    userId: publisherId,
    category: 'conversion',
    title: 'Cap reached',
    body: 'You reached your cap on a campaign; further conversions are recorded but not paid.',
    priority: 'high',
    isImportant: true,
    link: '/commissions',
    data: { type: 'publisher_cap', campaign_id: campaignId, day },
    createdAt: capped[0]!.createdAt,
  });
}

async function seedReferral(db: Db, referrerId: string, referredId: string, now: Date): Promise<void> {
  await updateSettings(db, { referralShareBps: SHARE_BPS, referralMonths: MONTHS });
  await db.insert(referralCodes).values({ publisherId: referrerId, code: 'PAULA2026' });
  const [referred] = await db.select().from(users).where(eq(users.id, referredId));
  if (!referred) return;
  await db.insert(referrals).values({ referrerId, referredId, createdAt: referred.createdAt });
  const earned = await db
    .select()
    .from(commissions)
    .where(
      and(
        eq(commissions.publisherId, referredId),
        inArray(commissions.status, ['approved', 'paid']),
        inArray(commissions.kind, ['conversion', 'click']),
        eq(commissions.isTest, false),
      ),
    );
  const rows = earned
    .map((c) => ({ c, amountMinor: referralShareMinor(c.amountMinor, SHARE_BPS) }))
    .filter(({ amountMinor }) => amountMinor > 0)
    .map(({ c, amountMinor }) => {
      const at = c.decidedAt ?? c.createdAt;
      // a share older than the hold period has been approved; the latest are still pending
      const held = now.getTime() - at.getTime() < 30 * 24 * 60 * 60 * 1000;
      return {
        kind: 'referral' as const,
        status: held ? ('pending' as const) : ('approved' as const),
        amountMinor,
        currency: c.currency,
        campaignId: c.campaignId,
        advertiserId: c.advertiserId,
        publisherId: referrerId,
        referralOf: c.id,
        rule: `referral:${SHARE_BPS}`,
        decidedAt: held ? null : new Date(at.getTime() + 30 * 24 * 60 * 60 * 1000),
        createdAt: at,
        updatedAt: at,
      };
    });
  for (let i = 0; i < rows.length; i += 500) await db.insert(commissions).values(rows.slice(i, i + 500));
}
