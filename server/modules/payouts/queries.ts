import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { payouts } from '../../db/schema/billing';
import { commissions } from '../../db/schema/commissions';
import { campaigns } from '../../db/schema/marketplace';
import { users } from '../../db/schema/users';
import { exactSum, toMinorSum } from '../../platform/minor-sum';
import { OPEN_STATUSES, type PayoutStatus } from './schema';

export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayoutRow = typeof payouts.$inferInsert;

export interface PayoutView {
  payout: PayoutRow;
  publisherName: string;
  publisherEmail: string;
}

export interface PayoutFilter {
  publisherId?: string;
  statuses?: readonly PayoutStatus[];
  currency?: string;
  /** inclusive UTC days of the request */
  from?: string;
  to?: string;
}

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 24 * 60 * 60 * 1000);

function where(filter: PayoutFilter): SQL | undefined {
  return and(
    filter.publisherId ? eq(payouts.publisherId, filter.publisherId) : undefined,
    filter.statuses ? inArray(payouts.status, [...filter.statuses]) : undefined,
    filter.currency ? eq(payouts.currency, filter.currency) : undefined,
    filter.from ? gte(payouts.createdAt, dayStart(filter.from)) : undefined,
    filter.to ? lt(payouts.createdAt, nextDay(filter.to)) : undefined,
  );
}

function selectViews(db: Db) {
  return db
    .select({ payout: payouts, publisherName: users.name, publisherEmail: users.email })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.publisherId));
}

export async function listPayouts(
  db: Db,
  filter: PayoutFilter,
  page: { limit: number; offset: number },
): Promise<{ items: PayoutView[]; total: number }> {
  const condition = where(filter);
  const [items, [count]] = await Promise.all([
    selectViews(db)
      .where(condition)
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(payouts)
      .where(condition),
  ]);
  return { items, total: count?.n ?? 0 };
}

export async function findPayoutViews(db: Db, ids: string[]): Promise<PayoutView[]> {
  if (ids.length === 0) return [];
  return selectViews(db).where(inArray(payouts.id, ids));
}

/** The publisher's requested or processing payouts (one per currency at most). */
export async function openPayouts(db: Db, publisherId: string): Promise<PayoutView[]> {
  return selectViews(db).where(where({ publisherId, statuses: OPEN_STATUSES }));
}

export async function findOpenPayout(db: Db, publisherId: string, currency: string) {
  const [row] = await db
    .select()
    .from(payouts)
    .where(where({ publisherId, currency, statuses: OPEN_STATUSES }));
  return row ?? null;
}

/**
 * The publisher's approved commissions in `currency` that no payout holds yet, locked FOR UPDATE until
 * the transaction ends: a concurrent request waits here, then finds them taken (the WHERE is re-checked
 * on the rows it waited for), so no commission can land in two payouts.
 */
export async function lockBalance(db: Db, publisherId: string, currency: string) {
  return db
    .select({
      id: commissions.id,
      amountMinor: commissions.amountMinor,
      advertiserId: commissions.advertiserId,
    })
    .from(commissions)
    .where(
      and(
        eq(commissions.publisherId, publisherId),
        eq(commissions.currency, currency),
        eq(commissions.status, 'approved'),
        isNull(commissions.payoutId),
        eq(commissions.isTest, false),
      ),
    )
    .orderBy(asc(commissions.id))
    .for('update');
}

export async function insertPayout(db: Db, values: NewPayoutRow): Promise<PayoutRow> {
  const [row] = await db.insert(payouts).values(values).returning();
  if (!row) throw new Error('payout insert returned nothing');
  return row;
}

/** `{id1,id2}` as one uuid[] parameter: a payout may cover thousands of commissions. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Puts the locked commissions into the payout; answers how many it took. */
export async function attachCommissions(db: Db, payoutId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(commissions)
    .set({ payoutId, updatedAt: new Date() })
    .where(
      and(
        sql`${commissions.id} = any(${uuidArray(ids)})`,
        isNull(commissions.payoutId),
        eq(commissions.status, 'approved'),
      ),
    )
    .returning({ id: commissions.id });
  return rows.length;
}

/** The payout row, locked until the transaction ends (decisions on one payout queue up behind it). */
export async function lockPayout(db: Db, id: string): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return row ?? null;
}

/**
 * Moves a payout from one of `from` to the patch's status in one statement; the WHERE re-checks the
 * status, so of two concurrent decisions only one wins. Answers the row it changed, or null.
 */
export async function transition(
  db: Db,
  id: string,
  from: readonly PayoutStatus[],
  patch: Partial<NewPayoutRow> & { status: PayoutStatus },
): Promise<PayoutRow | null> {
  const [row] = await db
    .update(payouts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(payouts.id, id), inArray(payouts.status, [...from])))
    .returning();
  return row ?? null;
}

/** A paid payout's commissions become `paid`; answers the advertisers they were earned on. */
export async function markCommissionsPaid(db: Db, payoutId: string): Promise<string[]> {
  const rows = await db
    .update(commissions)
    .set({ status: 'paid', updatedAt: new Date() })
    .where(and(eq(commissions.payoutId, payoutId), eq(commissions.status, 'approved')))
    .returning({ advertiserId: commissions.advertiserId });
  return [...new Set(rows.map((r) => r.advertiserId))];
}

/** A failed payout lets its commissions go back to the balance; answers the advertisers concerned. */
export async function releaseCommissions(db: Db, payoutId: string): Promise<string[]> {
  const rows = await db
    .update(commissions)
    .set({ payoutId: null, updatedAt: new Date() })
    .where(eq(commissions.payoutId, payoutId))
    .returning({ advertiserId: commissions.advertiserId });
  return [...new Set(rows.map((r) => r.advertiserId))];
}

export async function payoutCommissions(db: Db, payoutId: string, page: { limit: number; offset: number }) {
  return db
    .select({ commission: commissions, campaignName: campaigns.name })
    .from(commissions)
    .innerJoin(campaigns, eq(campaigns.id, commissions.campaignId))
    .where(eq(commissions.payoutId, payoutId))
    .orderBy(desc(commissions.createdAt), desc(commissions.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function campaignBreakdown(db: Db, payoutId: string) {
  const rows = await db
    .select({
      campaignId: commissions.campaignId,
      campaignName: campaigns.name,
      commissions: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${commissions.amountMinor})::text`,
    })
    .from(commissions)
    .innerJoin(campaigns, eq(campaigns.id, commissions.campaignId))
    .where(eq(commissions.payoutId, payoutId))
    .groupBy(commissions.campaignId, campaigns.name)
    .orderBy(campaigns.name);
  return rows.map((r) => ({ ...r, amountMinor: toMinorSum(exactSum(r.amount)) }));
}

/** Everyone who decides payouts: the active admins. */
export async function activeAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}
