import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { containsPattern } from '../../platform/db-errors';
import { commissions } from '../../db/schema/commissions';
import { applications, campaigns, websites } from '../../db/schema/marketplace';
import { trackingLinks } from '../../db/schema/tracking';
import { profiles, users } from '../../db/schema/users';
import { exactSum } from '../../platform/minor-sum';
import type { UserRow } from '../../platform/current-user';
import type { UserSort } from './schema';

// Admin queries read across modules (campaigns, websites, applications, commissions) for the console;
// the account-level side effects of suspension live here too, as one admin action.

const applicationsCount = sql<number>`case ${users.role}
  when 'publisher' then (select count(*)::int from ${applications} where ${applications.publisherId} = ${users.id})
  when 'advertiser' then (select count(*)::int from ${applications} inner join ${campaigns} on ${campaigns.id} = ${applications.campaignId} where ${campaigns.advertiserId} = ${users.id})
  else 0 end`;

const adminUserColumns = {
  user: users,
  country: profiles.country,
  companyName: profiles.companyName,
  displayName: profiles.displayName,
  campaignsCount: sql<number>`(select count(*)::int from ${campaigns} where ${campaigns.advertiserId} = ${users.id})`,
  websitesCount: sql<number>`(select count(*)::int from ${websites} where ${websites.publisherId} = ${users.id})`,
  applicationsCount,
};

export interface AdminUserRow {
  user: UserRow;
  country: string | null;
  companyName: string | null;
  displayName: string | null;
  campaignsCount: number;
  websitesCount: number;
  applicationsCount: number;
}

export interface UserFilter {
  role?: UserRow['role'];
  status?: UserRow['status'];
  country?: string;
  search?: string;
}

function userWhere(filter: UserFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.role) parts.push(eq(users.role, filter.role));
  if (filter.status) parts.push(eq(users.status, filter.status));
  if (filter.country) parts.push(eq(profiles.country, filter.country));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    parts.push(
      or(
        ilike(users.email, pattern),
        ilike(users.name, pattern),
        ilike(profiles.companyName, pattern),
        ilike(profiles.displayName, pattern),
      )!,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

const SORT_COLUMNS = {
  created_at: users.createdAt,
  name: sql`lower(${users.name})`,
  email: users.email,
  status: users.status,
} as const;

export async function listAdminUsers(
  db: Db,
  filter: UserFilter,
  sort: { by: UserSort; order: 'asc' | 'desc' },
  page: { limit: number; offset: number },
) {
  const condition = userWhere(filter);
  const direction = sort.order === 'asc' ? asc : desc;
  const [items, [count]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(condition)
      // the id breaks ties so pages neither repeat nor skip rows
      .orderBy(direction(SORT_COLUMNS[sort.by]), direction(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(condition),
  ]);
  return { items: items as AdminUserRow[], total: count?.n ?? 0 };
}

export async function findAdminUser(db: Db, id: string): Promise<AdminUserRow | null> {
  const [row] = await db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  return (row as AdminUserRow | undefined) ?? null;
}

/** The drawer shows at most this many websites and campaigns; the counts give the totals. */
const DETAIL_ITEMS = 100;

export function listUserWebsites(db: Db, userId: string) {
  return db
    .select({
      id: websites.id,
      url: websites.url,
      name: websites.name,
      verificationStatus: websites.verificationStatus,
    })
    .from(websites)
    .where(eq(websites.publisherId, userId))
    .orderBy(desc(websites.createdAt), desc(websites.id))
    .limit(DETAIL_ITEMS);
}

export function listUserCampaigns(db: Db, userId: string) {
  return db
    .select({
      id: campaigns.id,
      name: campaigns.name,
      status: campaigns.status,
      currency: campaigns.currency,
    })
    .from(campaigns)
    .where(eq(campaigns.advertiserId, userId))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(DETAIL_ITEMS);
}

// exact: numeric as text to a bigint, never through a float (sums may pass 2^53)
const sumWhere = (status: 'pending' | 'approved' | 'paid') =>
  sql`coalesce(sum(${commissions.amountMinor}) filter (where ${commissions.status} = ${status}), 0)::text`.mapWith(
    exactSum,
  );

/** Non-test commission sums per currency where the user is the publisher or the advertiser. */
export function commissionTotals(db: Db, userId: string) {
  return db
    .select({
      currency: commissions.currency,
      pendingMinor: sumWhere('pending'),
      approvedMinor: sumWhere('approved'),
      paidMinor: sumWhere('paid'),
    })
    .from(commissions)
    .where(
      and(
        or(eq(commissions.publisherId, userId), eq(commissions.advertiserId, userId)),
        eq(commissions.isTest, false),
        inArray(commissions.status, ['pending', 'approved', 'paid']),
      ),
    )
    .groupBy(commissions.currency)
    .orderBy(asc(commissions.currency));
}

/**
 * Moves a user between statuses (and optionally roles) only if they are still in `from`; null when
 * another request changed them first. Revokes their sessions when asked (token_version bump).
 */
export async function transitionUser(
  db: Db,
  id: string,
  from: { status?: UserRow['status'][]; role?: UserRow['role'] },
  patch: Partial<
    Pick<
      UserRow,
      'status' | 'role' | 'profileCompletionStep' | 'profileCompletionStatus' | 'onboardingCompleted'
    >
  >,
  revokeSessions: boolean,
): Promise<UserRow | null> {
  const parts: SQL[] = [eq(users.id, id)];
  if (from.status) parts.push(inArray(users.status, from.status));
  if (from.role) parts.push(eq(users.role, from.role));
  const [row] = await db
    .update(users)
    .set({
      ...patch,
      ...(revokeSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(and(...parts))
    .returning();
  return row ?? null;
}

/** Pauses the advertiser's active campaigns; returns their ids. */
export async function pauseActiveCampaigns(db: Db, advertiserId: string): Promise<string[]> {
  const rows = await db
    .update(campaigns)
    .set({ status: 'paused', updatedAt: new Date() })
    .where(and(eq(campaigns.advertiserId, advertiserId), eq(campaigns.status, 'active')))
    .returning({ id: campaigns.id });
  return rows.map((r) => r.id);
}

export interface LinkChange {
  applicationId: string;
  campaignId: string;
}

/** Turns off every active tracking link of the publisher. */
export async function deactivateTrackingLinks(db: Db, publisherId: string): Promise<LinkChange[]> {
  return db
    .update(trackingLinks)
    .set({ active: false })
    .where(and(eq(trackingLinks.publisherId, publisherId), eq(trackingLinks.active, true)))
    .returning({ applicationId: trackingLinks.applicationId, campaignId: trackingLinks.campaignId });
}

/** Turns the publisher's links back on, only those whose application is still approved. */
export async function reactivateTrackingLinks(db: Db, publisherId: string): Promise<LinkChange[]> {
  return db
    .update(trackingLinks)
    .set({ active: true })
    .where(
      and(
        eq(trackingLinks.publisherId, publisherId),
        eq(trackingLinks.active, false),
        inArray(
          trackingLinks.applicationId,
          db
            .select({ id: applications.id })
            .from(applications)
            .where(and(eq(applications.publisherId, publisherId), eq(applications.status, 'approved'))),
        ),
      ),
    )
    .returning({ applicationId: trackingLinks.applicationId, campaignId: trackingLinks.campaignId });
}
