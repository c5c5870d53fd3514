import { useCallback, useState } from 'react';

export interface RowSelection {
  /** the ids of the ticked rows */
  selected: ReadonlySet<string>;
  /** ticks (`on`) or unticks several rows at once: one row's box, or the header's for the whole page */
  select(ids: string[], on: boolean): void;
  clear(): void;
}

/** The ticked rows of a table with bulk actions, by id. */
export function useRowSelection(): RowSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const select = useCallback(
    (ids: string[], on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        ids.forEach((id) => (on ? next.add(id) : next.delete(id)));
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, select, clear };
}
