import { and, desc, eq, sql } from 'drizzle-orm';
import { conversationMembers, messages, users } from '../../db/schema';
import { matches, rank } from './match';
import { answer, joinParts, type ScopeSearch } from './types';

const SNIPPET = 90;
const snippet = (body: string) => {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > SNIPPET ? `${line.slice(0, SNIPPET - 1)}…` : line;
};

/**
 * Messages of the caller's own conversations only (membership, as messaging/queries.ts
 * `findConversationForMember` answers it: non-members never see a thread), by their text.
 */
export const searchMessages: ScopeSearch = async (db, user, term, page) => {
  const condition = and(eq(conversationMembers.userId, user.id), matches(term, [messages.body]));
  const score = rank(term, messages.body, [messages.body]);
  return answer(
    page,
    db
      .select({
        id: messages.id,
        conversationId: messages.conversationId,
        body: messages.body,
        createdAt: messages.createdAt,
        sender: users.name,
        score,
      })
      .from(messages)
      .innerJoin(conversationMembers, eq(conversationMembers.conversationId, messages.conversationId))
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(condition)
      .orderBy(desc(score), desc(messages.seq))
      .limit(page.limit)
      .offset(page.offset),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .innerJoin(conversationMembers, eq(conversationMembers.conversationId, messages.conversationId))
        .where(condition),
    (found) =>
      found.map((r) => ({
        rank: r.score,
        result: {
          id: r.id,
          type: 'message',
          title: snippet(r.body),
          subtitle: joinParts(r.sender, r.createdAt.toISOString().slice(0, 10)),
          url: `/conversation=${r.conversationId}`,
        },
      })),
  );
};
