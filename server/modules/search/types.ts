import type { Db } from '../../db/connection';
import type { UserRow } from '../users/queries';
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
