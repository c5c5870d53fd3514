import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import type { PublisherKey } from './demo-campaigns';
import type { DemoUsers } from './demo-users';
import { payouts } from '../db/schema/billing';
import { commissions } from '../db/schema/commissions';
import { profiles } from '../db/schema/users';

/**
 * The demo's payout history, built on the commissions demo-data.ts wrote: every paid commission belongs to
 * a paid payout (one per publisher and currency, with a transfer reference), Peter has a payout waiting
 * for approval and Priya one being processed, so the admin queue has work on it. Paula keeps her approved
 * balances (each over the default minimum) to request a payout from.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Open payouts of the demo: whose, in which currency, in which state, requested how long ago. */
const OPEN: {
  publisher: PublisherKey;
  currency: string;
  status: 'requested' | 'processing';
  daysAgo: number;
}[] = [
  { publisher: 'peter', currency: 'EUR', status: 'requested', daysAgo: 2 },
  { publisher: 'priya', currency: 'GBP', status: 'processing', daysAgo: 4 },
];

const REFERENCE_PREFIX: Record<string, string> = { paypal: 'PAYPAL', bank_transfer: 'SEPA' };

type Method = { payout_method: string | null; payout_details: string | null };

async function methodsOf(db: Db, ids: string[]): Promise<Map<string, Method>> {
  const rows = await db.select().from(profiles).where(inArray(profiles.userId, ids));
  return new Map(
    rows.map((p) => [p.userId, { payout_method: p.payoutMethod, payout_details: p.payoutDetails }]),
  );
}

/** Which commissions a demo payout takes: in `status`, held by no payout, last changed by `before`. */
function takes(status: 'paid' | 'approved', before: Date) {
  return and(
    eq(commissions.status, status),
    isNull(commissions.payoutId),
    eq(commissions.isTest, false),
    lte(commissions.updatedAt, before),
  );
}

/** Sums per publisher and currency of the commissions a payout would take. */
async function unheld(db: Db, status: 'paid' | 'approved', publisherIds: string[], before: Date) {
  const rows = await db
    .select({
      publisherId: commissions.publisherId,
      currency: commissions.currency,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${commissions.amountMinor})::text`,
      lastAt: sql<Date>`max(${commissions.updatedAt})`,
    })
    .from(commissions)
    .where(and(takes(status, before), inArray(commissions.publisherId, publisherIds)))
    .groupBy(commissions.publisherId, commissions.currency)
    .orderBy(commissions.publisherId, commissions.currency);
  return rows.map((r) => ({ ...r, amountMinor: Number(r.amount), lastAt: new Date(r.lastAt) }));
}

async function hold(
  db: Db,
  payoutId: string,
  group: { publisherId: string; currency: string },
  status: 'paid' | 'approved',
  before: Date,
) {
  await db
    .update(commissions)
    .set({ payoutId })
    .where(
      and(
        eq(commissions.publisherId, group.publisherId),
        eq(commissions.currency, group.currency),
        takes(status, before),
      ),
    );
}

/** Writes the demo payouts inside the seed's transaction; answers how many it made. */
export async function seedDemoPayouts(
  db: Db,
  users: DemoUsers,
  adminId: string | null,
  now = new Date(),
): Promise<number> {
  const publisherIds = Object.values(users.publishers).map((p) => p.id);
  const methods = await methodsOf(db, publisherIds);
  let made = 0;

  for (const group of await unheld(db, 'paid', publisherIds, now)) {
    const method = methods.get(group.publisherId) ?? { payout_method: null, payout_details: null };
    const paidAt = group.lastAt;
    const createdAt = new Date(paidAt.getTime() - 3 * DAY_MS);
    made += 1;
    const [payout] = await db
      .insert(payouts)
      .values({
        publisherId: group.publisherId,
        status: 'paid',
        amountMinor: group.amountMinor,
        currency: group.currency,
        commissionCount: group.count,
        method,
        reference: `${REFERENCE_PREFIX[method.payout_method ?? ''] ?? 'TX'}-${paidAt.toISOString().slice(0, 10).replaceAll('-', '')}-${String(made).padStart(4, '0')}`,
        approvedAt: new Date(createdAt.getTime() + DAY_MS),
        paidAt,
        decidedBy: adminId,
        createdAt,
        updatedAt: paidAt,
      })
      .returning({ id: payouts.id });
    await hold(db, payout!.id, group, 'paid', now);
  }

  for (const open of OPEN) {
    const publisherId = users.publishers[open.publisher].id;
    // what was approved when the publisher asked
    const createdAt = new Date(now.getTime() - open.daysAgo * DAY_MS);
    const group = (await unheld(db, 'approved', [publisherId], createdAt)).find(
      (g) => g.currency === open.currency,
    );
    if (!group || group.amountMinor <= 0) continue;
    const approvedAt = open.status === 'processing' ? new Date(createdAt.getTime() + DAY_MS) : null;
    made += 1;
    const [payout] = await db
      .insert(payouts)
      .values({
        publisherId,
        status: open.status,
        amountMinor: group.amountMinor,
        currency: group.currency,
        commissionCount: group.count,
        method: methods.get(publisherId) ?? {},
        approvedAt,
        decidedBy: approvedAt ? adminId : null,
        createdAt,
        updatedAt: approvedAt ?? createdAt,
      })
      .returning({ id: payouts.id });
    await hold(db, payout!.id, group, 'approved', createdAt);
  }
  return made;
}
