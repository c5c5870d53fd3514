import { pgTable, text, index } from 'drizzle-orm/pg-core';

/**
 * Every distinct word (full-text lexeme, `to_tsvector('simple', body)`) of every message, kept by a
 * trigger on messages (migration 0017); stale words stay (they match nothing). Search corrects each
 * query word against this short list (trigram similarity) before it looks at messages.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

/**
 * Every distinct word (`to_tsvector('simple', name || ' ' || description)` lexeme) of every campaign, kept
 * by triggers on campaigns (migration 0018); a renamed campaign's old words stay (they match nothing).
 * Campaign search corrects each query word against this list, apart from search_words so that words only
 * messages hold never take a campaign word's place among a query word's closest corrections.
 */
export const campaignWords = pgTable(
  'campaign_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('campaign_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);
