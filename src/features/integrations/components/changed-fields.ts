/**
 * The fields of `values` that differ from `initial`: an edit sends only those, so the server checks again
 * only what was changed (an unchanged URL whose host does not resolve today does not block a change of events).
 */
export function changedFields<T extends object>(initial: T, values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(initial[key as keyof T]),
    ),
  ) as Partial<T>;
}
