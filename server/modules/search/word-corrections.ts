import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/connection';
import type { SearchTerm } from './match';

/** How many known words one query word may stand for, the closest first (exact, then prefix, then typos). */
export const MAX_CORRECTIONS = 50;

/**
 * A one-letter word of a longer query is left out: every word contains most letters, so it narrowed
 * nothing when it was matched as a substring either ("plan a trip").
 */
const MIN_WORD_LENGTH = 2;

/** A lexeme as a tsquery operand: quoted, with quotes and backslashes doubled (taken as they are). */
export const tsqueryOperand = (lexeme: string) => `'${lexeme.replace(/[\\']/g, (c) => c + c)}'`;

/**
 * The query's words (at most 8, as `searchTerm` takes them) with their case: the database lower-cases
 * them as `to_tsvector('simple', …)` does the messages' words, so both agree whatever its locale.
 */
const queryWords = (term: SearchTerm) =>
  (term.text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8).filter((w) => w.length >= MIN_WORD_LENGTH);

/**
 * The full-text query for messages: each query word stands for the words of search_words that contain it
 * or are within typo distance of it (pg_trgm word similarity, `%>`: the threshold service.ts sets), closest
 * first; a message must hold one of them for every query word (`(marathon | marathons) & gear`).
 * Null when some word stands for nothing (no message can match) or the query has no words.
 */
export async function messageWordQuery(db: Db, term: SearchTerm): Promise<string | null> {
  const words = queryWords(term);
  if (words.length === 0) return null;
  const list = sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  );
  const rows = await executeRows<{ n: number; word: string }>(
    db,
    sql`
    select q.n::int as n, c.word
    from unnest(array[${list}]::text[]) with ordinality as q(text, n)
    cross join lateral (select lower(q.text) as w) l
    cross join lateral (
      select s.word from search_words s
      where s.word like '%' || l.w || '%' or s.word %> l.w
      order by s.word = l.w desc, s.word like l.w || '%' desc, word_similarity(l.w, s.word) desc, s.word
      limit ${MAX_CORRECTIONS}
    ) c`,
  );
  const byWord = words.map(() => [] as string[]);
  for (const row of rows) byWord[Number(row.n) - 1]?.push(row.word);
  if (byWord.some((list) => list.length === 0)) return null;
  return byWord.map((list) => `(${list.map(tsqueryOperand).join(' | ')})`).join(' & ');
}
