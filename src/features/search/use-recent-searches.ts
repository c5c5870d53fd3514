import { useCallback, useEffect, useState } from 'react';
import { clearRecentSearches, loadRecentSearches, saveRecentSearch } from './recent-searches';

/** A user's recent searches, read from IndexedDB and written back on every change. */
export function useRecentSearches(userId: string) {
  const [recent, setRecent] = useState<string[]>([]);

  useEffect(() => {
    let current = true;
    loadRecentSearches(userId).then(
      (queries) => current && setRecent(queries),
      (error: unknown) => console.warn('Could not read recent searches', error),
    );
    return () => {
      current = false;
    };
  }, [userId]);

  const add = useCallback(
    (query: string) => {
      saveRecentSearch(userId, query).then(setRecent, (error: unknown) =>
        console.warn('Could not save a recent search', error),
      );
    },
    [userId],
  );

  const clear = useCallback(() => {
    setRecent([]);
    clearRecentSearches(userId).catch((error: unknown) =>
      console.warn('Could not clear recent searches', error),
    );
  }, [userId]);

  return { recent, add, clear };
}
