import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { profiles, users } from '../../db/schema';
import type { UserRow } from '../users/queries';
import { matches, rank } from './match';
import { answer, joinParts, label, NOTHING, type ScopeSearch } from './types';

const displayName = sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.name})`;
const companyName = sql<string>`coalesce(nullif(${profiles.companyName}, ''), ${users.name})`;

/**
 * The publisher directory (`GET /api/publishers`, users/directory-routes.ts): advertisers and admins
 * browse active publishers; publishers do not see each other.
 */
export const searchPublishers: ScopeSearch = async (db, user, term, page) => {
  if (user.role !== 'advertiser' && user.role !== 'admin') return NOTHING;
  const condition = and(
    eq(users.role, 'publisher'),
    eq(users.status, 'active'),
    matches(term, [users.name, profiles.displayName]),
  );
  const score = rank(term, displayName, [users.name, profiles.displayName]);
  return answer(
    page,
    db
      .select({ id: users.id, name: users.name, title: displayName, country: profiles.country, score })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(condition)
      .orderBy(desc(score), asc(displayName), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(condition),
    (rows) =>
      rows.map((r) => ({
        rank: r.score,
        result: {
          id: r.id,
          type: 'publisher',
          title: r.title,
          subtitle: joinParts(r.title !== r.name ? r.name : null, r.country, 'Publisher'),
          url: `/publishers?publisher=${r.id}`,
        },
      })),
  );
};

/**
 * Advertisers as `GET /api/advertisers/{id}` shows them: admins any, publishers the active ones,
 * an advertiser only their own card.
 */
function visibleAdvertisers(user: UserRow): SQL | undefined {
  if (user.role === 'admin') return undefined;
  if (user.role === 'advertiser') return eq(users.id, user.id);
  return eq(users.status, 'active');
}

export const searchAdvertisers: ScopeSearch = async (db, user, term, page) => {
  const condition = and(
    eq(users.role, 'advertiser'),
    visibleAdvertisers(user),
    matches(term, [users.name, profiles.companyName]),
  );
  const score = rank(term, companyName, [users.name, profiles.companyName]);
  return answer(
    page,
    db
      .select({ id: users.id, name: users.name, title: companyName, status: users.status, score })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(condition)
      .orderBy(desc(score), asc(companyName), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(condition),
    (rows) =>
      rows.map((r) => ({
        rank: r.score,
        result: {
          id: r.id,
          type: 'advertiser',
          title: r.title,
          subtitle: joinParts(
            r.title !== r.name ? r.name : null,
            user.role === 'admin' && r.status !== 'active' ? label(r.status) : null,
            'Advertiser',
          ),
          url: `/campaigns?advertiser=${r.id}`,
        },
      })),
  );
};
