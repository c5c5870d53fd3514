import { and, asc, eq, sql } from 'drizzle-orm';
import { websites } from '../../db/schema/marketplace';
import { canViewWebsite } from '../websites/service';
import { matches, rank } from './match';
import { answer, joinParts, label, NOTHING, type ScopeSearch, asScore, BEST_FIRST } from './types';

/** `GET /api/websites` (websites/service.ts): a publisher's own, every one for admins, none for advertisers. */
export const searchWebsites: ScopeSearch = async (db, user, term, page) => {
  if (user.role === 'advertiser') return NOTHING;
  const visible = user.role === 'admin' ? undefined : eq(websites.publisherId, user.id);
  const condition = and(visible, matches(term, [websites.name, websites.url]));
  const score = asScore(rank(term, websites.name, [websites.name, websites.url]));
  return answer(
    page,
    db
      .select({ row: websites, score })
      .from(websites)
      .where(condition)
      .orderBy(BEST_FIRST, asc(websites.name), asc(websites.id))
      .limit(page.limit)
      .offset(page.offset),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(websites)
        .where(condition),
    (rows) =>
      rows
        .filter(({ row }) => canViewWebsite(user, row))
        .map(({ row, score: r }) => ({
          rank: r,
          result: {
            id: row.id,
            type: 'website',
            title: row.name,
            subtitle: joinParts(row.url, label(row.verificationStatus)),
            // publishers manage their own on /websites; an admin reaches a site through its publisher
            url:
              user.role === 'publisher'
                ? `/websites?website=${row.id}`
                : `/publishers?publisher=${row.publisherId}`,
          },
        })),
  );
};
