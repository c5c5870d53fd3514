import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { containsPattern } from '../../platform/db-errors';
import { commissions } from '../../db/schema/commissions';
import { campaigns } from '../../db/schema/marketplace';
import { linkDailyStats } from '../../db/schema/stats';
import { trackingLinks } from '../../db/schema/tracking';
import type { CampaignRow } from '../../db/rows';

export type NewCampaignRow = typeof campaigns.$inferInsert;

export interface CampaignFilter {
  advertiserId?: string;
  status?: CampaignRow['status'];
  category?: string;
  search?: string;
}

function where(filter: CampaignFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.advertiserId) parts.push(eq(campaigns.advertiserId, filter.advertiserId));
  if (filter.status) parts.push(eq(campaigns.status, filter.status));
  if (filter.category) parts.push(eq(campaigns.category, filter.category));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    parts.push(or(ilike(campaigns.name, pattern), ilike(campaigns.description, pattern))!);
  }
  return parts.length ? and(...parts) : undefined;
}

export async function listCampaigns(db: Db, filter: CampaignFilter, page: { limit: number; offset: number }) {
  const condition = where(filter);
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(condition)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(campaigns)
      .where(condition),
  ]);
  return { items, total: count?.n ?? 0 };
}

export async function findCampaign(db: Db, id: string): Promise<CampaignRow | null> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row ?? null;
}

export async function insertCampaign(db: Db, values: NewCampaignRow): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  if (!row) throw new Error('campaign insert returned nothing');
  return row;
}

export async function updateCampaign(
  db: Db,
  id: string,
  patch: Partial<NewCampaignRow>,
): Promise<CampaignRow> {
  const [row] = await db
    .update(campaigns)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(campaigns.id, id))
    .returning();
  if (!row) throw new Error(`campaign ${id} vanished during update`);
  return row;
}

export async function deleteCampaign(db: Db, id: string): Promise<void> {
  await db.delete(campaigns).where(eq(campaigns.id, id));
}

/**
 * Whether anything was tracked for the campaign (clicks, test clicks included, or commissions of any kind).
 * Clicks are asked of the per-link rollup, which keeps the months the click retention dropped.
 */
export async function hasTrackingHistory(db: Db, id: string): Promise<boolean> {
  const click = await db
    .select({ linkId: linkDailyStats.linkId })
    .from(linkDailyStats)
    .innerJoin(trackingLinks, eq(trackingLinks.id, linkDailyStats.linkId))
    .where(eq(trackingLinks.campaignId, id))
    .limit(1);
  if (click.length > 0) return true;
  const commission = await db
    .select({ id: commissions.id })
    .from(commissions)
    .where(eq(commissions.campaignId, id))
    .limit(1);
  return commission.length > 0;
}
