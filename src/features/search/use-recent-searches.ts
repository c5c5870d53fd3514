import { useCallback, useEffect, useState } from 'react';

// IndexedDB (Dexie) loads when the search first opens, not with the signed-in shell.
const store = () => import('./recent-searches');

/**
 * A user's recent searches, read from IndexedDB once `active` (the search has been opened) and written
 * back on every change.
 */
export function useRecentSearches(userId: string, active: boolean) {
  const [recent, setRecent] = useState<string[]>([]);

  useEffect(() => {
    if (!active) return;
    let current = true;
    store()
      .then((m) => m.loadRecentSearches(userId))
      .then(
        (queries) => current && setRecent(queries),
        (error: unknown) => console.warn('Could not read recent searches', error),
      );
    return () => {
      current = false;
    };
  }, [userId, active]);

  const add = useCallback(
    (query: string) => {
      store()
        .then((m) => m.saveRecentSearch(userId, query))
        .then(setRecent, (error: unknown) => console.warn('Could not save a recent search', error));
    },
    [userId],
  );

  const clear = useCallback(() => {
    setRecent([]);
    store()
      .then((m) => m.clearRecentSearches(userId))
      .catch((error: unknown) => console.warn('Could not clear recent searches', error));
  }, [userId]);

  return { recent, add, clear };
}
