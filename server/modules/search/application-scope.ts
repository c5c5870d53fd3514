import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { applications, campaigns, websites } from '../../db/schema/marketplace';
import { users } from '../../db/schema/users';
import { canViewApplication } from '../applications/service';
import type { UserRow } from '../../platform/current-user';
import { matches, rank } from './match';
import { answer, joinParts, label, type ScopeSearch, asScore, BEST_FIRST } from './types';

/** `GET /api/applications` (applications/service.ts): the publisher's own, those on the advertiser's campaigns, all. */
function visibleApplications(user: UserRow): SQL | undefined {
  if (user.role === 'admin') return undefined;
  if (user.role === 'advertiser') return eq(campaigns.advertiserId, user.id);
  return eq(applications.publisherId, user.id);
}

export const searchApplications: ScopeSearch = async (db, user, term, page) => {
  // the list's search fields: campaign name, publisher name, website url
  const condition = and(visibleApplications(user), matches(term, [campaigns.name, users.name, websites.url]));
  const score = asScore(rank(term, campaigns.name, [campaigns.name, users.name, websites.url]));
  return answer(
    page,
    db
      .select({
        id: applications.id,
        status: applications.status,
        publisherId: applications.publisherId,
        campaignId: applications.campaignId,
        campaignName: campaigns.name,
        campaignAdvertiserId: campaigns.advertiserId,
        publisherName: users.name,
        websiteUrl: websites.url,
        score,
      })
      .from(applications)
      .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
      .innerJoin(websites, eq(websites.id, applications.websiteId))
      .innerJoin(users, eq(users.id, applications.publisherId))
      .where(condition)
      .orderBy(BEST_FIRST, desc(applications.createdAt), asc(applications.id))
      .limit(page.limit)
      .offset(page.offset),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(applications)
        .innerJoin(campaigns, eq(campaigns.id, applications.campaignId))
        .innerJoin(websites, eq(websites.id, applications.websiteId))
        .innerJoin(users, eq(users.id, applications.publisherId))
        .where(condition),
    (rows) =>
      rows
        .filter((r) => canViewApplication(user, r))
        .map((r) => ({
          rank: r.score,
          result: {
            id: r.id,
            type: 'application',
            title: r.campaignName,
            subtitle: joinParts(
              user.role === 'publisher' ? null : r.publisherName,
              r.websiteUrl,
              label(r.status),
            ),
            // publishers list their own on /applications; the campaign's side decides in its Publishers view
            url:
              user.role === 'publisher'
                ? `/applications?application=${r.id}`
                : `/campaigns?applications=${r.campaignId}`,
          },
        })),
  );
};
