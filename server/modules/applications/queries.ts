import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { containsPattern } from '../../platform/db-errors';
import { applications, campaigns, websites } from '../../db/schema/marketplace';
import { trackingLinks } from '../../db/schema/tracking';
import { users } from '../../db/schema/users';

export type ApplicationRow = typeof applications.$inferSelect;

const view = {
  application: applications,
  trackingCode: trackingLinks.code,
  campaignName: campaigns.name,
  campaignAdvertiserId: campaigns.advertiserId,
  websiteUrl: websites.url,
  publisherName: users.name,
};

export type ApplicationView = {
  application: ApplicationRow;
  trackingCode: string | null;
  campaignName: string;
  campaignAdvertiserId: string;
  websiteUrl: string;
  publisherName: string;
};

function joined(db: Db) {
  return db
    .select(view)
    .from(applications)
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .innerJoin(websites, eq(websites.id, applications.websiteId))
    .innerJoin(users, eq(users.id, applications.publisherId))
    .leftJoin(trackingLinks, eq(trackingLinks.applicationId, applications.id));
}

export interface ApplicationFilter {
  publisherId?: string;
  advertiserId?: string;
  campaignId?: string;
  status?: ApplicationRow['status'];
  search?: string;
}

export async function listApplications(
  db: Db,
  filter: ApplicationFilter,
  page: { limit: number; offset: number },
) {
  const parts: SQL[] = [];
  if (filter.publisherId) parts.push(eq(applications.publisherId, filter.publisherId));
  if (filter.advertiserId) parts.push(eq(campaigns.advertiserId, filter.advertiserId));
  if (filter.campaignId) parts.push(eq(applications.campaignId, filter.campaignId));
  if (filter.status) parts.push(eq(applications.status, filter.status));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    parts.push(or(ilike(campaigns.name, pattern), ilike(users.name, pattern), ilike(websites.url, pattern))!);
  }
  const condition = parts.length ? and(...parts) : undefined;
  const [items, [count]] = await Promise.all([
    joined(db)
      .where(condition)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
      .innerJoin(websites, eq(websites.id, applications.websiteId))
      .innerJoin(users, eq(users.id, applications.publisherId))
      .where(condition),
  ]);
  return { items: items as ApplicationView[], total: count?.n ?? 0 };
}

export async function findApplication(db: Db, id: string): Promise<ApplicationView | null> {
  const [row] = await joined(db).where(eq(applications.id, id));
  return (row as ApplicationView | undefined) ?? null;
}

export async function insertApplication(
  db: Db,
  values: typeof applications.$inferInsert,
): Promise<ApplicationRow> {
  const [row] = await db.insert(applications).values(values).returning();
  if (!row) throw new Error('application insert returned nothing');
  return row;
}

/** Moves an application from one status to another; returns null when it was no longer in `from` (a race). */
export async function transitionApplication(
  db: Db,
  id: string,
  from: ApplicationRow['status'],
  patch: Partial<typeof applications.$inferInsert> & { status: ApplicationRow['status'] },
): Promise<ApplicationRow | null> {
  const [row] = await db
    .update(applications)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(applications.id, id), eq(applications.status, from)))
    .returning();
  return row ?? null;
}

export async function upsertTrackingLink(db: Db, app: ApplicationRow, code: string): Promise<void> {
  await db
    .insert(trackingLinks)
    .values({
      code,
      applicationId: app.id,
      campaignId: app.campaignId,
      publisherId: app.publisherId,
      websiteId: app.websiteId,
    })
    .onConflictDoUpdate({ target: trackingLinks.applicationId, set: { active: true } });
}

export async function setTrackingLinkActive(db: Db, applicationId: string, active: boolean): Promise<void> {
  await db.update(trackingLinks).set({ active }).where(eq(trackingLinks.applicationId, applicationId));
}
