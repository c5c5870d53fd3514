import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { containsPattern } from '../../platform/db-errors';
import { campaigns, websites } from '../../db/schema/marketplace';
import { profiles, users } from '../../db/schema/users';

const verifiedCount = sql<number>`count(${websites.id}) filter (where ${websites.verificationStatus} = 'verified')::int`;

const publisherColumns = {
  id: users.id,
  name: users.name,
  displayName: profiles.displayName,
  country: profiles.country,
  createdAt: users.createdAt,
  websitesCount: sql<number>`count(${websites.id})::int`,
  verifiedWebsitesCount: verifiedCount,
  monthlyVisitors: sql<number>`coalesce(sum(${websites.monthlyVisitors}) filter (where ${websites.verificationStatus} = 'verified'), 0)::bigint`,
  categories: sql<
    string[]
  >`coalesce(array_agg(distinct ${websites.category}) filter (where ${websites.id} is not null), '{}')`,
};

function publisherWhere(search: string | undefined, id?: string): SQL {
  const parts: SQL[] = [eq(users.role, 'publisher'), eq(users.status, 'active')];
  if (id) parts.push(eq(users.id, id));
  if (search) {
    const pattern = containsPattern(search);
    parts.push(or(ilike(users.name, pattern), ilike(profiles.displayName, pattern))!);
  }
  return and(...parts)!;
}

export async function listPublishers(
  db: Db,
  search: string | undefined,
  page: { limit: number; offset: number },
) {
  const condition = publisherWhere(search);
  const [items, [count]] = await Promise.all([
    db
      .select(publisherColumns)
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(websites, eq(websites.publisherId, users.id))
      .where(condition)
      .groupBy(users.id, profiles.userId)
      .orderBy(asc(users.name), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(condition),
  ]);
  return { items, total: count?.n ?? 0 };
}

export async function findPublisher(db: Db, id: string) {
  const [row] = await db
    .select(publisherColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(websites, eq(websites.publisherId, users.id))
    .where(publisherWhere(undefined, id))
    .groupBy(users.id, profiles.userId);
  return row ?? null;
}

export async function findAdvertiser(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      status: users.status,
      companyName: profiles.companyName,
      website: profiles.website,
      country: profiles.country,
      createdAt: users.createdAt,
      activeCampaigns: sql<number>`(select count(*)::int from ${campaigns} where ${campaigns.advertiserId} = ${users.id} and ${campaigns.status} = 'active')`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'advertiser')));
  return row ?? null;
}
