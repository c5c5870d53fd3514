import { and, asc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { applications, campaigns } from '../../db/schema/marketplace';
import { profiles, users } from '../../db/schema/users';
import { containsPattern } from '../../platform/db-errors';
import type { UserRow } from '../../platform/current-user';
import { RELATED_APPLICATION_STATUSES } from './policy';
import type { Contact } from './schema';

const contactFields = {
  id: users.id,
  name: users.name,
  role: users.role,
  companyName: profiles.companyName,
};

function matches(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(users.name, pattern), ilike(profiles.companyName, pattern));
}

const toContact = (
  r: { id: string; name: string; role: Contact['role']; companyName: string | null },
  shared: Contact['campaigns'] = [],
): Contact => ({ id: r.id, name: r.name, role: r.role, company_name: r.companyName, campaigns: shared });

/** Active admins other than `userId`: everyone may write to them. */
async function admins(db: Db, userId: string, search: string | undefined, limit: number) {
  const rows = await db
    .select(contactFields)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, userId), matches(search)))
    .orderBy(asc(users.name))
    .limit(limit);
  return rows.map((r) => toContact(r));
}

/** The counterparts an advertiser or publisher works with, each with the campaigns they share. */
async function partners(db: Db, user: UserRow, search: string | undefined): Promise<Contact[]> {
  const advertiser = user.role === 'advertiser';
  const other = advertiser ? applications.publisherId : campaigns.advertiserId;
  const rows = await db
    .select({ ...contactFields, campaignId: campaigns.id, campaignName: campaigns.name })
    .from(applications)
    .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
    .innerJoin(users, eq(users.id, other))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        advertiser ? eq(campaigns.advertiserId, user.id) : eq(applications.publisherId, user.id),
        inArray(applications.status, [...RELATED_APPLICATION_STATUSES]),
        eq(users.status, 'active'),
        matches(search),
      ),
    )
    .orderBy(asc(users.name), asc(campaigns.name));
  const byId = new Map<string, Contact>();
  for (const r of rows) {
    const contact = byId.get(r.id) ?? toContact(r);
    if (!contact.campaigns.some((c) => c.id === r.campaignId)) {
      contact.campaigns.push({ id: r.campaignId, name: r.campaignName });
    }
    byId.set(r.id, contact);
  }
  return [...byId.values()];
}

/** Everyone `user` may start a conversation with (the canMessage rule), matching `search`. */
export async function listContacts(
  db: Db,
  user: UserRow,
  query: { search?: string; limit: number },
): Promise<Contact[]> {
  const search = query.search || undefined;
  if (user.role === 'admin') {
    const rows = await db
      .select(contactFields)
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(users.status, 'active'), ne(users.id, user.id), matches(search)))
      .orderBy(asc(users.name))
      .limit(query.limit);
    return rows.map((r) => toContact(r));
  }
  const found = await partners(db, user, search);
  const rest = Math.max(query.limit - found.length, 0);
  const staff = rest > 0 ? await admins(db, user.id, search, rest) : [];
  return [...found.slice(0, query.limit), ...staff];
}
