import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export type UrlParams<K extends string> = Record<K, string>;

/**
 * A screen's filters and page kept in the URL query, so a reload, the back button or a shared link
 * keeps them. `defaults` names the parameters and their values when absent (a module constant: it is
 * read on every render); a value equal to its default, or empty, is left out of the URL. Changes
 * replace the history entry, and leave the query's other parameters (e.g. a dialog's) as they are.
 * Values are strings: the screen checks them (an unknown status, a page that is not a number).
 */
export function useUrlParams<K extends string>(
  defaults: UrlParams<K>,
): [UrlParams<K>, (patch: Partial<UrlParams<K>>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = useMemo(() => {
    const read = { ...defaults };
    for (const key of Object.keys(defaults) as K[]) {
      const value = searchParams.get(key);
      if (value !== null && value !== '') read[key] = value;
    }
    return read;
  }, [defaults, searchParams]);
  const update = useCallback(
    (patch: Partial<UrlParams<K>>) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch) as [K, string | undefined][]) {
            if (value === undefined) continue;
            if (value === '' || value === defaults[key]) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [defaults, setSearchParams],
  );
  return [values, update];
}

/** A value from the URL that must be one of `allowed` (a status, a grouping): else `fallback`. */
export function oneOf<T extends string, F extends string>(
  value: string,
  allowed: readonly T[],
  fallback: F,
): T | F {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** A page number from the URL: a whole number of 1 or more, else 1. */
export function pageParam(value: string): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
