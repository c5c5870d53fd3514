import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { conversationMembers, messages } from '../../db/schema/messaging';
import { users } from '../../db/schema/users';
import { escapeRegex, type SearchTerm } from './match';
import { BEST_FIRST, NOTHING, type ScopeSearch } from './types';
import { messageWordQuery } from './word-corrections';

const SNIPPET = 90;
const snippet = (body: string) => {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > SNIPPET ? `${line.slice(0, SNIPPET - 1)}…` : line;
};

/**
 * Orders messages as match.ts `rank` orders names: the whole body equal to the query (2), starting
 * with it (1), plus 1 when it holds the whole query between word boundaries, else 0.9 × the share of the
 * query's words it holds exactly: a message with the words as typed comes before one found through a
 * corrected word. Regular expressions on the matches only, never a similarity over every body.
 */
function messageRank(term: SearchTerm): SQL<number> {
  const body = messages.body;
  const words = term.words.map((w) => sql`(${body} ~* ${`\\m${escapeRegex(w.text)}\\M`})::int`);
  const share = words.length ? sql`0.9 * (${sql.join(words, sql` + `)})::float8 / ${words.length}` : sql`0`;
  // as `lower(body) = lower(text)` and `body ilike 'text%'`, without lower-casing every whole body
  const start = sql`lower(left(${body}, char_length(${term.text})))`;
  return sql<number>`(case when char_length(${body}) = char_length(${term.text}) and ${start} = lower(${term.text})
    then 2 when ${start} = lower(${term.text}) then 1 else 0 end
    + case when ${body} ~* ${term.wholeWords} then 1 else ${share} end)::float8`;
}

/**
 * Messages of the caller's own conversations only (membership, as messaging/queries.ts
 * `findConversationForMember` answers it: non-members never see a thread), by their words. Misspelled
 * words are first corrected against the list of known words (word-corrections.ts); the one GIN index
 * over (member_ids, words) then finds the caller's messages holding them, so other people's messages
 * are never read. The join on conversation_members stays the rule (member_ids may hold past members).
 */
export const searchMessages: ScopeSearch = async (db, user, term, page) => {
  const words = await messageWordQuery(db, term);
  if (words === null) return NOTHING;
  const condition = and(
    eq(conversationMembers.userId, user.id),
    sql`${messages.memberIds} @> array[${user.id}::uuid]`,
    sql`to_tsvector('simple'::regconfig, ${messages.body}) @@ ${words}::tsquery`,
  );
  const score = messageRank(term);
  const count = () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .innerJoin(conversationMembers, eq(conversationMembers.conversationId, messages.conversationId))
      .where(condition);
  // the page first, the senders' names for its rows only (joined for every match, they were a third of
  // the time for a word in 5,000 of the caller's messages)
  const pageRows = db
    .select({
      id: messages.id,
      seq: sql<number>`${messages.seq}`.as('seq'),
      conversationId: messages.conversationId,
      body: messages.body,
      createdAt: messages.createdAt,
      senderId: messages.senderId,
      score: score.as('score'),
      // one pass over the matches for the page and X-Total-Count (the count was a second scan)
      total: (page.withTotal ? sql<number>`(count(*) over ())::int` : sql<number>`0`).as('total'),
    })
    .from(messages)
    .innerJoin(conversationMembers, eq(conversationMembers.conversationId, messages.conversationId))
    .where(condition)
    .orderBy(BEST_FIRST, desc(messages.seq))
    .limit(page.limit)
    .offset(page.offset)
    .as('hit');
  const found = await db
    .select({
      id: pageRows.id,
      conversationId: pageRows.conversationId,
      body: pageRows.body,
      createdAt: pageRows.createdAt,
      sender: users.name,
      score: pageRows.score,
      total: pageRows.total,
    })
    .from(pageRows)
    .leftJoin(users, eq(users.id, pageRows.senderId))
    .orderBy(desc(pageRows.score), desc(pageRows.seq));
  const hits = found.map((r) => ({
    rank: r.score,
    result: {
      id: r.id,
      type: 'message' as const,
      title: snippet(r.body),
      subtitle: r.sender ?? '',
      date: r.createdAt.toISOString().slice(0, 10),
      url: `/conversation=${r.conversationId}`,
    },
  }));
  if (!page.withTotal) return { hits, total: hits.length };
  // a page past the end has no row to carry the total: count then
  const total = found[0]?.total ?? (page.offset > 0 ? ((await count())[0]?.n ?? 0) : 0);
  return { hits, total };
};
