import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { coupons } from '../../db/schema/coupons';
import { applications, campaigns } from '../../db/schema/marketplace';

export type CouponRow = typeof coupons.$inferSelect;

/** An active (not revoked) coupon by id, with its campaign's advertiser. */
export async function findCoupon(db: Db, id: string): Promise<(CouponRow & { advertiserId: string }) | null> {
  const [row] = await db
    .select({ coupon: coupons, advertiserId: campaigns.advertiserId })
    .from(coupons)
    .innerJoin(campaigns, eq(campaigns.id, coupons.campaignId))
    .where(and(eq(coupons.id, id), isNull(coupons.revokedAt)));
  return row ? { ...row.coupon, advertiserId: row.advertiserId } : null;
}

export async function hasApprovedApplication(
  db: Db,
  campaignId: string,
  publisherId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.campaignId, campaignId),
        eq(applications.publisherId, publisherId),
        eq(applications.status, 'approved'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Inserts a code; null when the campaign has an active code like it already (the partial unique index). */
export async function insertCoupon(db: Db, values: typeof coupons.$inferInsert): Promise<CouponRow | null> {
  const [row] = await db.insert(coupons).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function revokeCoupon(db: Db, id: string, now: Date): Promise<CouponRow | null> {
  const [row] = await db
    .update(coupons)
    .set({ revokedAt: now })
    .where(and(eq(coupons.id, id), isNull(coupons.revokedAt)))
    .returning();
  return row ?? null;
}

export interface CouponFilter {
  campaignId?: string;
  publisherId?: string;
  advertiserId?: string;
}

/** Active coupons matching the filter, newest first, with the total. */
export async function listCoupons(
  db: Db,
  filter: CouponFilter,
  page: { limit: number; offset: number },
): Promise<{ items: CouponRow[]; total: number }> {
  const where: SQL | undefined = and(
    isNull(coupons.revokedAt),
    filter.campaignId ? eq(coupons.campaignId, filter.campaignId) : undefined,
    filter.publisherId ? eq(coupons.publisherId, filter.publisherId) : undefined,
    filter.advertiserId ? eq(campaigns.advertiserId, filter.advertiserId) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({ coupon: coupons })
      .from(coupons)
      .innerJoin(campaigns, eq(campaigns.id, coupons.campaignId))
      .where(where)
      .orderBy(desc(coupons.createdAt), coupons.code)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(coupons)
      .innerJoin(campaigns, eq(campaigns.id, coupons.campaignId))
      .where(where),
  ]);
  return { items: items.map((r) => r.coupon), total: total?.n ?? 0 };
}
