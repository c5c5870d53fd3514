import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { campaigns } from '../../db/schema/marketplace';
import { campaignWords } from '../../db/schema/search';
import { canViewCampaign } from '../campaigns/service';
import type { UserRow } from '../../platform/current-user';
import { campaignVector, escapeRegex, type SearchTerm } from './match';
import { answer, joinParts, label, NOTHING, type ScopeSearch, asScore, BEST_FIRST } from './types';
import { correctWords, fullTextQuery, type CorrectedWord } from './word-corrections';

/** The campaigns list's rule (campaigns/service.ts listCampaigns) as SQL: own, active, or all. */
function visibleCampaigns(user: UserRow): SQL | undefined {
  if (user.role === 'admin') return undefined;
  if (user.role === 'advertiser') return eq(campaigns.advertiserId, user.id);
  return eq(campaigns.status, 'active');
}

/** What a query word found in the name is worth: as typed (or the start of a name's word), or corrected. */
const TYPED = 1;
const CORRECTED = 0.7;

/**
 * Orders campaigns as match.ts `rank` orders names: the exact name (2), a name starting with the query
 * (1), plus 1 when the name holds the whole query between word boundaries, else 0.9 × the share of query
 * words the name holds: as typed or as the start of one of its words counts 1, only through a correction
 * (a typo fixed, a longer word containing it) 0.7, only in the description 0. Regular expressions over the
 * matched names only: `word_similarity` on each of the 2,500 campaigns a common word matches was most of
 * the scope's time, and it scored the typo a name shares with every other such name the same anyway.
 */
function campaignRank(term: SearchTerm, words: CorrectedWord[]): SQL<number> {
  const name = campaigns.name;
  const perWord = words.map(
    (w) => sql`case when ${name} ~* ${`\\m${escapeRegex(w.typed)}`} then ${TYPED}::float8
      when ${name} ~* ${`\\m(${w.corrections.map(escapeRegex).join('|')})\\M`} then ${CORRECTED}::float8
      else 0 end`,
  );
  const share = sql`0.9 * (${sql.join(perWord, sql` + `)}) / ${words.length}`;
  return sql<number>`(case when lower(${name}) = lower(${term.text}) then 2
    when ${name} ilike ${term.prefix} then 1 else 0 end
    + case when ${name} ~* ${term.wholeWords} then 1 else ${share} end)::float8`;
}

/**
 * Campaigns the caller may see whose name or description holds every query word. Misspelled and partial
 * words are first corrected against the list of known campaign words (word-corrections.ts, campaign_words);
 * the full-text index over name and description (campaigns_search_idx) then finds the campaigns holding
 * them, so only those rows are read and ranked.
 */
export const searchCampaigns: ScopeSearch = async (db, user, term, page) => {
  const words = await correctWords(db, term, campaignWords);
  if (words === null) return NOTHING;
  const vector = campaignVector(campaigns.name, campaigns.description);
  const condition = and(visibleCampaigns(user), sql`${vector} @@ ${fullTextQuery(words)}::tsquery`);
  const score = asScore(campaignRank(term, words));
  return answer(
    page,
    db
      .select({ row: campaigns, score })
      .from(campaigns)
      .where(condition)
      .orderBy(BEST_FIRST, asc(campaigns.name), asc(campaigns.id))
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
