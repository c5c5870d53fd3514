import { entityKind, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../platform/current-user';
import { searchTerm, WORD_SIMILARITY_THRESHOLD } from './match';
import {
  MIN_QUERY_LENGTH,
  type GlobalSearchResults,
  type GlobalSearchQuery,
  type ScopedSearchQuery,
  type SearchResult,
} from './schema';
import { SEARCH_SCOPES, type SearchScopeName } from '../../../contracts/search';
import { SCOPES } from './scopes';
import type { ScopeAnswer, SearchHit, SearchPage } from './types';

export const MAX_SUGGESTIONS = 10;

/**
 * Runs `work` with this transaction's typo tolerance (the `%>` operator reads the setting) and without
 * parallel workers: a scope reads at most thousands of rows, and global search already runs its scopes
 * in three transactions at once, so workers only took the cores from the other scopes (measured on 2 cores: a 2,500-row
 * campaign scope 16 → 12 ms alone, and less waiting for the rest).
 */
function withSearchSettings<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true),
        set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    return work(tx as unknown as Db);
  });
}

/** A PostgreSQL pool (node-postgres) can run several transactions at once; PGlite is one connection. */
const hasPool = (db: Db) => (db.constructor as { [entityKind]?: string })[entityKind] === 'NodePgDatabase';

/**
 * The scopes that grow with the marketplace (100k campaigns, 1M messages) each get a pooled connection of
 * their own; the rest (users, websites, applications, invoices, media: a millisecond each) share one.
 * A transaction per scope cost four round trips and a connection each, and under load those round trips,
 * not the queries, were most of what the small scopes took.
 */
const SCOPE_GROUPS: SearchScopeName[][] = [
  ['campaigns'],
  ['messages'],
  SEARCH_SCOPES.filter((s) => s !== 'campaigns' && s !== 'messages'),
];

async function runScopes(db: Db, user: UserRow, q: string, page: SearchPage) {
  const term = searchTerm(q);
  const answers = {} as Record<SearchScopeName, ScopeAnswer>;
  if (hasPool(db)) {
    // the groups at once: the answer takes as long as the slowest (campaigns or messages at scale), not as
    // long as all of them together
    await Promise.all(
      SCOPE_GROUPS.map((group) =>
        withSearchSettings(db, async (tx) => {
          for (const scope of group) answers[scope] = await SCOPES[scope](tx, user, term, page);
        }),
      ),
    );
    return answers;
  }
  return withSearchSettings(db, async (tx) => {
    // one after another: PGlite has one connection
    for (const scope of SEARCH_SCOPES) answers[scope] = await SCOPES[scope](tx, user, term, page);
    return answers;
  });
}

const results = (hits: SearchHit[]): SearchResult[] => hits.map((h) => h.result);

export function emptyGlobalResults(): GlobalSearchResults {
  return Object.fromEntries(SEARCH_SCOPES.map((s) => [s, []])) as unknown as GlobalSearchResults;
}

/** Up to `limit` items per scope, grouped by type; a query under 2 characters finds nothing. */
export async function globalSearch(
  db: Db,
  user: UserRow,
  query: GlobalSearchQuery,
): Promise<GlobalSearchResults> {
  if (query.q.length < MIN_QUERY_LENGTH) return emptyGlobalResults();
  const answers = await runScopes(db, user, query.q, { limit: query.limit, offset: 0, withTotal: false });
  const grouped = emptyGlobalResults();
  for (const scope of SEARCH_SCOPES) grouped[scope] = results(answers[scope].hits);
  return grouped;
}

/** One scope, paginated, with the number of all matches. */
export async function scopedSearch(
  db: Db,
  user: UserRow,
  scope: SearchScopeName,
  query: ScopedSearchQuery,
): Promise<{ items: SearchResult[]; total: number }> {
  if (query.q.length < MIN_QUERY_LENGTH) return { items: [], total: 0 };
  const term = searchTerm(query.q);
  const answer = await withSearchSettings(db, (tx) =>
    SCOPES[scope](tx, user, term, { limit: query.limit, offset: query.offset, withTotal: true }),
  );
  return { items: results(answer.hits), total: answer.total };
}

/** Completions: the best-ranked distinct titles the caller may see, across every scope. */
export async function suggestions(db: Db, user: UserRow, q: string): Promise<string[]> {
  if (q.length < MIN_QUERY_LENGTH) return [];
  const answers = await runScopes(db, user, q, { limit: MAX_SUGGESTIONS, offset: 0, withTotal: false });
  const hits = SEARCH_SCOPES.flatMap((scope) => answers[scope].hits).sort((a, b) => b.rank - a.rank);
  const seen = new Set<string>();
  const titles: string[] = [];
  for (const { result } of hits) {
    const key = result.title.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    titles.push(result.title);
    if (titles.length === MAX_SUGGESTIONS) break;
  }
  return titles;
}
