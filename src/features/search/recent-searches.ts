import { db } from '../../lib/db';
import { MIN_SEARCH_LENGTH } from '../../lib/search';
import { MAX_RECENT_SEARCHES } from './types';

/**
 * Spec §5/§9: only queries of at least 2 characters are kept, newest first, each once (case and
 * surrounding spaces ignored; the newest spelling wins), at most 10.
 */
export function withRecentSearch(recent: readonly string[], query: string): string[] {
  const text = query.trim();
  if (text.length < MIN_SEARCH_LENGTH) return [...recent];
  const key = text.toLowerCase();
  return [text, ...recent.filter((q) => q.trim().toLowerCase() !== key)].slice(0, MAX_RECENT_SEARCHES);
}

/** The user's recent searches from IndexedDB (available offline). */
export async function loadRecentSearches(userId: string): Promise<string[]> {
  const row = await db.recentSearches.get(userId);
  return row?.queries ?? [];
}

export async function saveRecentSearch(userId: string, query: string): Promise<string[]> {
  return db.transaction('rw', db.recentSearches, async () => {
    const queries = withRecentSearch(await loadRecentSearches(userId), query);
    await db.recentSearches.put({ userId, queries, updatedAt: Date.now() });
    return queries;
  });
}

export async function clearRecentSearches(userId: string): Promise<void> {
  await db.recentSearches.delete(userId);
}
