import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connection';
import { profiles, users } from '../../db/schema/users';
import type { UserRow } from '../../platform/current-user';
import { matches, rank, type SearchTerm } from './match';
import type { SearchResult } from './schema';
import {
  answer,
  joinParts,
  label,
  NOTHING,
  type ScopeAnswer,
  type ScopeSearch,
  type SearchPage,
  asScore,
  BEST_FIRST,
} from './types';

const displayName = sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.name})`;
const companyName = sql<string>`coalesce(nullif(${profiles.companyName}, ''), ${users.name})`;

interface DirectoryRow {
  id: string;
  name: string;
  title: string;
  status: string;
  country: string | null;
}

interface Directory {
  role: 'publisher' | 'advertiser';
  /** which of them the caller may see; undefined: all */
  visible: SQL | undefined;
  /** matched beside the account name: a publisher's display name, an advertiser's company */
  profileName: AnyPgColumn;
  /** the result's title: that profile name, else the account name */
  title: SQL<string>;
}

/** Users of one role that the caller may see, matched on their names, titled by their profile name. */
async function searchDirectory(
  db: Db,
  term: SearchTerm,
  page: SearchPage,
  dir: Directory,
  toResult: (row: DirectoryRow) => SearchResult,
): Promise<ScopeAnswer> {
  const condition = and(eq(users.role, dir.role), dir.visible, matches(term, [users.name, dir.profileName]));
  const score = asScore(rank(term, dir.title, [users.name, dir.profileName]));
  return answer(
    page,
    db
      .select({
        id: users.id,
        name: users.name,
        title: dir.title,
        status: users.status,
        country: profiles.country,
        score,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(condition)
      .orderBy(BEST_FIRST, asc(dir.title), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(condition),
    (rows) => rows.map((r) => ({ rank: r.score, result: toResult(r) })),
  );
}

/**
 * The publisher directory (`GET /api/publishers`, users/directory-routes.ts): advertisers and admins
 * browse active publishers; publishers do not see each other.
 */
export const searchPublishers: ScopeSearch = async (db, user, term, page) => {
  if (user.role !== 'advertiser' && user.role !== 'admin') return NOTHING;
  const dir: Directory = {
    role: 'publisher',
    visible: eq(users.status, 'active'),
    profileName: profiles.displayName,
    title: displayName,
  };
  return searchDirectory(db, term, page, dir, (r) => ({
    id: r.id,
    type: 'publisher',
    title: r.title,
    subtitle: joinParts(r.title !== r.name ? r.name : null, r.country, 'Publisher'),
    url: `/publishers?publisher=${r.id}`,
  }));
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
  const dir: Directory = {
    role: 'advertiser',
    visible: visibleAdvertisers(user),
    profileName: profiles.companyName,
    title: companyName,
  };
  return searchDirectory(db, term, page, dir, (r) => ({
    id: r.id,
    type: 'advertiser',
    title: r.title,
    subtitle: joinParts(
      r.title !== r.name ? r.name : null,
      user.role === 'admin' && r.status !== 'active' ? label(r.status) : null,
      'Advertiser',
    ),
    url: `/campaigns?advertiser=${r.id}`,
  }));
};
