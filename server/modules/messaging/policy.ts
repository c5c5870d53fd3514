import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { applications, campaigns } from '../../db/schema/marketplace';
import { users } from '../../db/schema/users';
import type { UserRow } from '../../platform/current-user';

/**
 * Applications that make an advertiser and a publisher "work together": applied (pending), approved, or
 * approved and later suspended (there is something to talk about). Rejected and withdrawn ones do not.
 */
export const RELATED_APPLICATION_STATUSES = ['pending', 'approved', 'suspended'] as const;

type Role = UserRow['role'];
interface Party {
  id: string;
  role: Role;
}

/** Whether the publisher applied to (or is approved on) one of the advertiser's campaigns, or to `campaignId`. */
async function worksWith(db: Db, advertiserId: string, publisherId: string, campaignId?: string | null) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(applications)
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .where(
      and(
        eq(campaigns.advertiserId, advertiserId),
        eq(applications.publisherId, publisherId),
        inArray(applications.status, [...RELATED_APPLICATION_STATUSES]),
        campaignId ? eq(campaigns.id, campaignId) : undefined,
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** A non-admin member belongs in a conversation about `campaignId`: its advertiser, or a publisher on it. */
async function belongsToCampaign(db: Db, member: Party, campaign: { id: string; advertiserId: string }) {
  if (member.role === 'admin') return true;
  if (member.role === 'advertiser') return campaign.advertiserId === member.id;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(applications)
    .where(
      and(
        eq(applications.campaignId, campaign.id),
        eq(applications.publisherId, member.id),
        inArray(applications.status, [...RELATED_APPLICATION_STATUSES]),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** Two people may talk when either is an admin, or they are an advertiser and a publisher who work together. */
async function pairAllowed(db: Db, a: Party, b: Party): Promise<boolean> {
  if (a.role === 'admin' || b.role === 'admin') return true;
  if (a.role === 'advertiser' && b.role === 'publisher') return worksWith(db, a.id, b.id);
  if (a.role === 'publisher' && b.role === 'advertiser') return worksWith(db, b.id, a.id);
  return false;
}

/**
 * Who may start a conversation with whom: advertisers ↔ publishers who applied to or are approved on
 * their campaigns, anyone ↔ admins; every two members must be allowed to talk, unless an admin starts it.
 * The others must be active accounts; a campaign, when given, must exist and (for non-admins) be one the
 * members share. Sending in an existing conversation needs only membership.
 */
export async function canMessage(
  db: Db,
  user: UserRow,
  otherUserIds: string[],
  campaignId?: string | null,
): Promise<boolean> {
  const otherIds = [...new Set(otherUserIds)].filter((id) => id !== user.id);
  if (otherIds.length === 0) return false;
  const others = await db
    .select({ id: users.id, role: users.role, status: users.status })
    .from(users)
    .where(inArray(users.id, otherIds));
  if (others.length !== otherIds.length || others.some((o) => o.status !== 'active')) return false;
  const members: Party[] = [{ id: user.id, role: user.role }, ...others];

  if (campaignId) {
    const [campaign] = await db
      .select({ id: campaigns.id, advertiserId: campaigns.advertiserId })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId));
    if (!campaign) return false;
    if (user.role === 'admin') return true;
    for (const member of members) if (!(await belongsToCampaign(db, member, campaign))) return false;
  }
  if (user.role === 'admin') return true;
  for (let i = 0; i < members.length; i += 1) {
    for (let j = i + 1; j < members.length; j += 1) {
      if (!(await pairAllowed(db, members[i]!, members[j]!))) return false;
    }
  }
  return true;
}
