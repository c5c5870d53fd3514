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
