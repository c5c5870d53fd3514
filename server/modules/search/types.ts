import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../platform/current-user';
import type { SearchTerm } from './match';
import type { SearchResult } from './schema';

export interface SearchPage {
  limit: number;
  offset: number;
  /** count every match (scoped searches' X-Total-Count); global search and suggestions skip it */
  withTotal: boolean;
}

export interface SearchHit {
  result: SearchResult;
  /** match.ts `rank`: higher first */
  rank: number;
}

export interface ScopeAnswer {
  hits: SearchHit[];
  total: number;
}

/**
 * One scope of search: the rows matching `term` that `user` may see, best first. A later module
 * (messages, media) plugs in by writing one of these and listing it in scopes.ts.
 */
export type ScopeSearch = (db: Db, user: UserRow, term: SearchTerm, page: SearchPage) => Promise<ScopeAnswer>;

export const NOTHING: ScopeAnswer = { hits: [], total: 0 };

/** Runs the page query, and the count only when asked for. */
export async function answer<T>(
  page: SearchPage,
  rows: Promise<T[]>,
  count: () => Promise<{ n: number }[]>,
  toHits: (rows: T[]) => SearchHit[],
): Promise<ScopeAnswer> {
  const found = await rows;
  const total = page.withTotal ? ((await count())[0]?.n ?? 0) : found.length;
  return { hits: toHits(found), total };
}

export const label = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).replaceAll('_', ' ');
export const joinParts = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/** A scope's score in its select list, under the name `BEST_FIRST` orders by. */
export const asScore = (score: SQL<number>) => score.as('score');

/**
 * Best first, by the score of the select list. Ordering by the score's expression made drizzle write it
 * out a second time, with parameters of its own that PostgreSQL cannot match to the select list's, so
 * every match was scored twice (a third of the campaigns scope's time for a word in 2,500 names).
 */
export const BEST_FIRST = sql`"score" desc`;
