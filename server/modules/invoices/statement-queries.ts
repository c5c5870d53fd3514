import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { payouts } from '../../db/schema/billing';
import { commissions } from '../../db/schema/commissions';
import { campaigns } from '../../db/schema/marketplace';
import { conversions } from '../../db/schema/tracking';
import { profiles, users } from '../../db/schema/users';

export type PayoutRow = typeof payouts.$inferSelect;

/** A payout with the publisher it pays (name, e-mail, profile) for its statement. */
export async function findPayoutForStatement(db: Db, id: string) {
  const [row] = await db
    .select({
      payout: payouts,
      publisherName: users.name,
      publisherEmail: users.email,
      // the statement is written in the publisher's language
      language: users.language,
      displayName: profiles.displayName,
      country: profiles.country,
      taxId: profiles.taxId,
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.publisherId))
    .leftJoin(profiles, eq(profiles.userId, payouts.publisherId))
    .where(eq(payouts.id, id));
  return row ?? null;
}

/** The commissions a payout covers, oldest first. */
export async function payoutCommissions(db: Db, payoutId: string) {
  return db
    .select({
      id: commissions.id,
      kind: commissions.kind,
      createdAt: commissions.createdAt,
      campaignName: campaigns.name,
      orderId: conversions.orderId,
      amountMinor: commissions.amountMinor,
    })
    .from(commissions)
    .innerJoin(campaigns, eq(campaigns.id, commissions.campaignId))
    .leftJoin(conversions, eq(conversions.id, commissions.conversionId))
    .where(eq(commissions.payoutId, payoutId))
    .orderBy(asc(commissions.createdAt), asc(commissions.id));
}
