import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/connection';
import { searchWords, type campaignWords } from '../../db/schema/search';
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
 * them as `to_tsvector('simple', …)` does the documents' words, so both agree whatever its locale.
 */
const queryWords = (term: SearchTerm) =>
  (term.text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8).filter((w) => w.length >= MIN_WORD_LENGTH);

/** A list of known words, trigram-indexed (migrations 0017 and 0018). */
export type WordList = typeof searchWords | typeof campaignWords;

/** One query word and the known words it stands for, closest first. */
export interface CorrectedWord {
  /** as typed, lower-cased by the database */
  typed: string;
  corrections: string[];
}

/**
 * Each query word with the words of `list` that contain it or are within typo distance of it (pg_trgm
 * word similarity, `%>`: the threshold service.ts sets), closest first. Null when some word stands for
 * nothing (no document can hold every word) or the query has no words.
 */
export async function correctWords(
  db: Db,
  term: SearchTerm,
  list: WordList,
): Promise<CorrectedWord[] | null> {
  const words = queryWords(term);
  if (words.length === 0) return null;
  const texts = sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  );
  const rows = await executeRows<{ n: number; typed: string; word: string }>(
    db,
    sql`
    select q.n::int as n, l.w as typed, c.word
    from unnest(array[${texts}]::text[]) with ordinality as q(text, n)
    cross join lateral (select lower(q.text) as w) l
    cross join lateral (
      select s.word from ${list} s
      where s.word like '%' || l.w || '%' or s.word %> l.w
      order by s.word = l.w desc, s.word like l.w || '%' desc, word_similarity(l.w, s.word) desc, s.word
      limit ${MAX_CORRECTIONS}
    ) c`,
  );
  const corrected = words.map((w) => ({ typed: w.toLowerCase(), corrections: [] as string[] }));
  for (const row of rows) {
    const word = corrected[Number(row.n) - 1];
    if (!word) continue;
    word.typed = row.typed;
    word.corrections.push(row.word);
  }
  return corrected.some((w) => w.corrections.length === 0) ? null : corrected;
}

/** The full-text query a document must meet: one correction of every word (`(marathon | marathons) & gear`). */
export const fullTextQuery = (words: CorrectedWord[]) =>
  words.map((w) => `(${w.corrections.map(tsqueryOperand).join(' | ')})`).join(' & ');

/** The full-text query for messages (search_words), or null when no message can match. */
export async function messageWordQuery(db: Db, term: SearchTerm): Promise<string | null> {
  const words = await correctWords(db, term, searchWords);
  return words && fullTextQuery(words);
}
