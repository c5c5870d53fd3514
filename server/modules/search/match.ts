import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { containsPattern } from '../../platform/db-errors';

/**
 * How close a misspelling may be: pg_trgm's word similarity between the query and the best-matching
 * stretch of a name. The default 0.6 misses "Marthon" for "Marathon Gear" (0.55); 0.5 still keeps
 * two-letter noise out. Set per transaction (service.ts) because the `%>` operator reads it from there.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

/** A user's query, prepared once for every scope. */
export interface SearchTerm {
  text: string;
  /** `%text%` for ILIKE, wildcards taken literally */
  contains: string;
  /** `text%` */
  prefix: string;
  /** the query's words (letters and digits), at most 8; each must match on its own */
  words: { text: string; contains: string }[];
  /** a case-insensitive regular expression for the whole text between word boundaries (`\\mpolar tents\\M`) */
  wholeWords: string;
}

/** Regular-expression syntax taken literally (ARE: a backslash before punctuation means the character). */
export const escapeRegex = (text: string) => text.replace(/[\\^$.|?*+()[\]{}-]/g, (c) => `\\${c}`);

export function searchTerm(text: string): SearchTerm {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  return {
    text,
    contains: containsPattern(text),
    prefix: containsPattern(text).slice(1),
    words: words.map((w) => ({ text: w, contains: containsPattern(w) })),
    wholeWords: `\\m${escapeRegex(text)}\\M`,
  };
}

/**
 * The full-text vector of a campaign's name and description: the expression the campaigns' GIN index is
 * built on (schema.ts `campaigns_search_idx`), so a query on it is answered by that index.
 */
export const campaignVector = (name: SQLWrapper, description: SQLWrapper): SQL =>
  sql`to_tsvector('simple'::regconfig, ${name} || ' ' || ${description})`;

/** One word (or, without words, the whole text) in any of `columns`: contained, or within typo distance. */
function wordIn(word: { text: string; contains: string }, columns: SQLWrapper[]): SQL {
  const parts = columns.map((column) => sql`${column} ilike ${word.contains} or ${column} %> ${word.text}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * Rows where every word of the query is in one of `columns`, contained or within typo distance (both
 * served by the columns' trigram GIN indexes, the words' bitmaps intersected: "nordic hikng" does not
 * fetch every Nordic row).
 */
export function matches(term: SearchTerm, columns: SQLWrapper[]): SQL {
  const words = term.words.length ? term.words : [{ text: term.text, contains: term.contains }];
  return sql`(${sql.join(
    words.map((word) => wordIn(word, columns)),
    sql` and `,
  )})`;
}

/**
 * `word_similarity(text, column)`, 0 for NULL. A column holding the whole text between word boundaries
 * scores 1 without the call: every trigram of the text is then in one stretch of the column, which is
 * what a similarity of 1 means. The shortcut is worth it: the regular expression costs about a tenth
 * of `word_similarity` on a message-long text (whose trigrams it must all build), and a common word can
 * match thousands of visible messages that all need a score before the best ten are known.
 */
const similarity = (term: SearchTerm, column: SQLWrapper) =>
  sql`case when ${column} ~* ${term.wholeWords} then 1 else coalesce(word_similarity(${term.text}, ${column}), 0) end`;

/**
 * Orders results: an exact title first (2), then titles starting with the query (1), then by the best
 * word similarity over `columns` (0..1).
 */
export function rank(term: SearchTerm, title: SQLWrapper, columns: SQLWrapper[]): SQL<number> {
  const similarities = columns.map((c) => similarity(term, c));
  return sql<number>`(case when lower(${title}) = lower(${term.text}) then 2
    when ${title} ilike ${term.prefix} then 1 else 0 end
    + greatest(${sql.join(similarities, sql`, `)}))::float8`;
}
