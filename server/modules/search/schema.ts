import { z } from 'zod';
import { offsetParam } from '../../platform/zod-numbers';

import { RESULT_TYPES } from '../../../contracts/search';

/** Spec §5: shorter queries answer nothing (200, empty). */
export const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 200;

const q = z
  .string({ error: 'q must be text' })
  .trim()
  .max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`)
  .default('');

const limit = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`)
    .default(fallback);

export const globalSearchQuery = z.object({ q, limit: limit(10, 50) });
export type GlobalSearchQuery = z.output<typeof globalSearchQuery>;

export const scopedSearchQuery = z.object({ q, limit: limit(20, 100), offset: offsetParam });
export type ScopedSearchQuery = z.output<typeof scopedSearchQuery>;

export const suggestionsQuery = z.object({ q });

export const searchResultSchema = z.object({
  id: z.string(),
  type: z.enum(RESULT_TYPES),
  title: z.string(),
  subtitle: z.string(),
  /**
   * The item's day (YYYY-MM-DD, UTC) or month (YYYY-MM) where it has one, apart from the subtitle so the
   * client writes it in the user's locale like every other date.
   */
  date: z.string().optional(),
  /** the client route that opens the item */
  url: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

const results = z.array(searchResultSchema);
export const globalSearchSchema = z.object({
  campaigns: results,
  publishers: results,
  advertisers: results,
  websites: results,
  applications: results,
  invoices: results,
  media: results,
  messages: results,
});
export type GlobalSearchResults = z.infer<typeof globalSearchSchema>;
