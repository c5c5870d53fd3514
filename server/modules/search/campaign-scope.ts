import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { campaigns } from '../../db/schema';
import { canViewCampaign } from '../campaigns/policy';
import type { UserRow } from '../users/queries';
import { campaignDocument, matches, rank } from './match';
import { answer, joinParts, label, type ScopeSearch } from './types';

/** The campaigns list's rule (campaigns/service.ts listCampaigns) as SQL: own, active, or all. */
function visibleCampaigns(user: UserRow): SQL | undefined {
  if (user.role === 'admin') return undefined;
  if (user.role === 'advertiser') return eq(campaigns.advertiserId, user.id);
  return eq(campaigns.status, 'active');
}

export const searchCampaigns: ScopeSearch = async (db, user, term, page) => {
  const condition = and(
    visibleCampaigns(user),
    matches(term, [campaigns.name], campaignDocument(campaigns.name, campaigns.description)),
  );
  const score = rank(term, campaigns.name, [campaigns.name]);
  return answer(
    page,
    db
      .select({ row: campaigns, score })
      .from(campaigns)
      .where(condition)
      .orderBy(desc(score), asc(campaigns.name), asc(campaigns.id))
      .limit(page.limit)
      .offset(page.offset),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(campaigns)
        .where(condition),
    (rows) =>
      rows
        // the same policy the campaign endpoints use decides, whatever the SQL above let through
        .filter(({ row }) => canViewCampaign(user, row))
        .map(({ row, score: r }) => ({
          rank: r,
          result: {
            id: row.id,
            type: 'campaign',
            title: row.name,
            subtitle: joinParts(label(row.category), label(row.status), row.commissionModel.toUpperCase()),
            url: `/campaigns?campaign=${row.id}`,
          },
        })),
  );
};
