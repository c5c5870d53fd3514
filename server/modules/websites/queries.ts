import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { websites } from '../../db/schema/marketplace';
import { linkDailyStats } from '../../db/schema/stats';
import { trackingLinks } from '../../db/schema/tracking';

export type WebsiteRow = typeof websites.$inferSelect;
export type NewWebsiteRow = typeof websites.$inferInsert;

export async function listWebsites(
  db: Db,
  filter: { publisherId?: string; verificationStatus?: WebsiteRow['verificationStatus'] },
  page: { limit: number; offset: number },
) {
  const parts: SQL[] = [];
  if (filter.publisherId) parts.push(eq(websites.publisherId, filter.publisherId));
  if (filter.verificationStatus) parts.push(eq(websites.verificationStatus, filter.verificationStatus));
  const condition = parts.length ? and(...parts) : undefined;
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(websites)
      .where(condition)
      .orderBy(desc(websites.createdAt), desc(websites.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(websites)
      .where(condition),
  ]);
  return { items, total: count?.n ?? 0 };
}

export async function findWebsite(db: Db, id: string): Promise<WebsiteRow | null> {
  const [row] = await db.select().from(websites).where(eq(websites.id, id));
  return row ?? null;
}

export async function findWebsiteByUrl(db: Db, publisherId: string, url: string): Promise<WebsiteRow | null> {
  const [row] = await db
    .select()
    .from(websites)
    .where(and(eq(websites.publisherId, publisherId), eq(websites.url, url)));
  return row ?? null;
}

export async function insertWebsite(db: Db, values: NewWebsiteRow): Promise<WebsiteRow> {
  const [row] = await db.insert(websites).values(values).returning();
  if (!row) throw new Error('website insert returned nothing');
  return row;
}

export async function updateWebsite(db: Db, id: string, patch: Partial<NewWebsiteRow>): Promise<WebsiteRow> {
  const [row] = await db
    .update(websites)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(websites.id, id))
    .returning();
  if (!row) throw new Error(`website ${id} vanished during update`);
  return row;
}

export async function deleteWebsite(db: Db, id: string): Promise<void> {
  await db.delete(websites).where(eq(websites.id, id));
}

/**
 * Whether any click was tracked through this website's links (its clicks, conversions and commissions hang on
 * them). Asked of the per-link rollup, which keeps the months of clicks the click retention dropped.
 */
export async function hasTrackingHistory(db: Db, id: string): Promise<boolean> {
  const found = await db
    .select({ linkId: linkDailyStats.linkId })
    .from(linkDailyStats)
    .innerJoin(trackingLinks, eq(trackingLinks.id, linkDailyStats.linkId))
    .where(eq(trackingLinks.websiteId, id))
    .limit(1);
  return found.length > 0;
}
