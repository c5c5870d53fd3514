import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

let loading: Promise<unknown> | null = null;

/**
 * The Mantine styles not in the entry's stylesheet (src/lib/mantine-more-styles.ts): one lazy stylesheet,
 * asked for once. Lazy screens and panels wait for it next to their code (`withMoreStyles`), so none
 * renders unstyled; the first screens never wait for it.
 */
export function loadMoreStyles(): Promise<unknown> {
  loading ??= import('./mantine-more-styles').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** `module` once the rest of the Mantine styles are in the page too. */
export function withMoreStyles<M>(module: Promise<M>): Promise<M> {
  return Promise.all([module, loadMoreStyles()]).then(([loaded]) => loaded);
}

/**
 * A lazily loaded component: its module's export `name`, rendered once the module and the rest of the
 * Mantine styles are both there (lazy screens, panels and charts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React's own lazy() takes
export function lazyWithMoreStyles<K extends string, M extends Record<K, ComponentType<any>>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => withMoreStyles(load()).then((m) => ({ default: m[name] })));
}
