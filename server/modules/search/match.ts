import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { containsPattern } from '../../lib/db-errors';

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
  /** each word as a prefix, all required (`marat:* & gear:*`); null without letters or digits */
  tsquery: string | null;
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
    tsquery: words.length ? words.map((w) => `${w}:*`).join(' & ') : null,
    wholeWords: `\\m${escapeRegex(text)}\\M`,
  };
}

/** A full-text document: its text, and the `to_tsvector` of it that a GIN index is built on. */
export interface SearchDocument {
  text: SQL;
  vector: SQL;
}

/** The text the campaigns' full-text index is built on (schema.ts `campaigns_search_idx`): same expression. */
export const campaignDocument = (name: SQLWrapper, description: SQLWrapper): SearchDocument => {
  const text = sql`${name} || ' ' || ${description}`;
  return { text, vector: sql`to_tsvector('simple'::regconfig, ${text})` };
};

/** One word (or, without words, the whole text) in any of `columns`: contained, or within typo distance. */
function wordIn(word: { text: string; contains: string }, columns: SQLWrapper[]): SQL {
  const parts = columns.map((column) => sql`${column} ilike ${word.contains} or ${column} %> ${word.text}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * Rows where every word of the query is in one of `columns`, contained or within typo distance (both
 * served by the columns' trigram GIN indexes, the words' bitmaps intersected: "nordic hikng" does not
 * fetch every Nordic row), or whose full-text `document` has every word as a prefix.
 */
export function matches(term: SearchTerm, columns: SQLWrapper[], document?: SearchDocument): SQL {
  const words = term.words.length ? term.words : [{ text: term.text, contains: term.contains }];
  const parts = [
    sql`(${sql.join(
      words.map((word) => wordIn(word, columns)),
      sql` and `,
    )})`,
  ];
  if (document && term.tsquery) {
    // A document holding every word as a prefix of one of its words contains each word, so `ilike`
    // (a tenth of the cost) goes first: rows the trigram indexes let through for one word are rechecked
    // here, and `to_tsvector` of each was most of a 2,500-row campaign search (33 → 17 ms).
    const contained = term.words.map((word) => sql`${document.text} ilike ${word.contains}`);
    const fullText = sql`${document.vector} @@ to_tsquery('simple'::regconfig, ${term.tsquery})`;
    parts.push(sql`(${sql.join([...contained, fullText], sql` and `)})`);
  }
  return sql`(${sql.join(parts, sql` or `)})`;
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
