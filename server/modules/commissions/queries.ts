import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { commissions } from '../../db/schema/commissions';
import { coupons } from '../../db/schema/coupons';
import { campaigns } from '../../db/schema/marketplace';
import { conversions } from '../../db/schema/tracking';
import { users } from '../../db/schema/users';
import { exactSum, toMinorSum } from '../../platform/minor-sum';
import type { CommissionStatus } from './schema';
import type { CommissionRow } from '../../db/rows';

export interface CommissionFilter {
  createdBefore?: Date;
  publisherId?: string;
  advertiserId?: string;
  campaignId?: string;
  status?: CommissionStatus;
  from?: string;
  to?: string;
  includeTest?: boolean;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000);

function where(filter: CommissionFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    filter.publisherId ? eq(commissions.publisherId, filter.publisherId) : undefined,
    filter.advertiserId ? eq(commissions.advertiserId, filter.advertiserId) : undefined,
    filter.campaignId ? eq(commissions.campaignId, filter.campaignId) : undefined,
    filter.status ? eq(commissions.status, filter.status) : undefined,
    filter.from ? gte(commissions.createdAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to ? lt(commissions.createdAt, nextDay(filter.to)) : undefined,
    filter.includeTest ? undefined : eq(commissions.isTest, false),
    filter.createdBefore ? lt(commissions.createdAt, filter.createdBefore) : undefined,
  ];
  return and(...parts);
}

const view = {
  commission: commissions,
  campaignName: campaigns.name,
  publisherName: users.name,
  orderId: conversions.orderId,
  event: conversions.event,
  saleAmountMinor: conversions.amountMinor,
  clientReported: conversions.clientReported,
  attributedBy: conversions.attributedBy,
  couponCode: coupons.code,
};

export type CommissionView = {
  commission: CommissionRow;
  campaignName: string;
  publisherName: string;
  orderId: string | null;
  event: string | null;
  saleAmountMinor: number | null;
  clientReported: boolean | null;
  attributedBy: 'click' | 'coupon' | null;
  couponCode: string | null;
};

function selectViews(db: Db) {
  return db
    .select(view)
    .from(commissions)
    .innerJoin(campaigns, eq(campaigns.id, commissions.campaignId))
    .innerJoin(users, eq(users.id, commissions.publisherId))
    .leftJoin(conversions, eq(conversions.id, commissions.conversionId))
    .leftJoin(coupons, eq(coupons.id, conversions.couponId));
}

export async function listCommissions(
  db: Db,
  filter: CommissionFilter,
  page: { limit: number; offset: number },
): Promise<{ items: CommissionView[]; total: number }> {
  const condition = where(filter);
  const [items, [count]] = await Promise.all([
    selectViews(db)
      .where(condition)
      .orderBy(desc(commissions.createdAt), desc(commissions.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(commissions)
      .where(condition),
  ]);
  return { items, total: count?.n ?? 0 };
}

/** Ids of the oldest `limit` commissions matching the filter, locked for this transaction. */
export async function matchingIds(db: Db, filter: CommissionFilter, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: commissions.id })
    .from(commissions)
    .where(where(filter))
    .orderBy(commissions.createdAt, commissions.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id);
}

export async function countMatching(db: Db, filter: CommissionFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(commissions)
    .where(where(filter));
  return row?.n ?? 0;
}

export async function findCommissionViews(db: Db, ids: string[]): Promise<CommissionView[]> {
  if (ids.length === 0) return [];
  return selectViews(db).where(inArray(commissions.id, ids));
}

export async function totalsByStatus(db: Db, filter: CommissionFilter) {
  const rows = await db
    .select({
      currency: commissions.currency,
      status: commissions.status,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${commissions.amountMinor})::text`,
    })
    .from(commissions)
    .where(where(filter))
    .groupBy(commissions.currency, commissions.status)
    .orderBy(commissions.currency, commissions.status);
  return rows.map((r) => ({
    currency: r.currency,
    status: r.status,
    count: r.count,
    amount_minor: toMinorSum(exactSum(r.amount)),
  }));
}

/** How many of the advertiser's commissions wait for a decision (commissions_pending_advertiser_idx). */
export async function pendingCount(db: Db, advertiserId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(commissions)
    .where(
      and(
        eq(commissions.advertiserId, advertiserId),
        sql`${commissions.status} = 'pending' and not ${commissions.isTest}`,
      ),
    );
  return row?.n ?? 0;
}

/** Balance = approved, unpaid commissions (clawbacks included, they are negative); pending shown beside it. */
export async function balance(db: Db, publisherId: string) {
  const rows = await db
    .select({
      currency: commissions.currency,
      // payout_id is left out here: the WHERE already keeps unpaid ones only, and naming it would make the
      // scan read every row from the table instead of the index alone (17 ms instead of 3 ms for 16k rows)
      approved: sql<string>`coalesce(sum(${commissions.amountMinor}) filter (where ${commissions.status} = 'approved'), 0)::text`,
      pending: sql<string>`coalesce(sum(${commissions.amountMinor}) filter (where ${commissions.status} = 'pending'), 0)::text`,
    })
    .from(commissions)
    // the predicate of commissions_open_balance_idx (pending ones are never in a payout): an index-only scan
    .where(
      and(
        eq(commissions.publisherId, publisherId),
        sql`${commissions.status} in ('pending', 'approved') and ${commissions.payoutId} is null and not ${commissions.isTest}`,
      ),
    )
    .groupBy(commissions.currency)
    .orderBy(commissions.currency);
  return rows.map((r) => ({
    currency: r.currency,
    approved_minor: toMinorSum(exactSum(r.approved)),
    pending_minor: toMinorSum(exactSum(r.pending)),
  }));
}

/**
 * Moves commissions from one status to another in one statement; the WHERE re-checks the status and
 * the deciding advertiser, so two concurrent decisions cannot both win. Returns the rows it changed.
 */
export async function transition(
  db: Db,
  ids: string[],
  from: CommissionStatus,
  patch: Partial<typeof commissions.$inferInsert> & { status: CommissionStatus },
  scope: { advertiserId?: string; extra?: SQL } = {},
): Promise<CommissionRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(commissions)
    .set({ ...patch, updatedAt: new Date() })
    .where(
      and(
        inArray(commissions.id, ids),
        eq(commissions.status, from),
        scope.advertiserId ? eq(commissions.advertiserId, scope.advertiserId) : undefined,
        scope.extra,
      ),
    )
    .returning();
}

export async function insertClawback(
  db: Db,
  original: CommissionRow,
  reason: string,
  actorId: string | null,
) {
  const now = new Date();
  const [row] = await db
    .insert(commissions)
    .values({
      kind: 'clawback',
      status: 'approved',
      amountMinor: -original.amountMinor,
      currency: original.currency,
      campaignId: original.campaignId,
      advertiserId: original.advertiserId,
      publisherId: original.publisherId,
      websiteId: original.websiteId,
      reversesId: original.id,
      reason,
      rule: original.rule,
      isTest: original.isTest,
      decidedBy: actorId,
      decidedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: commissions.reversesId })
    .returning();
  return row ?? null;
}
