import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PreloadableLazy<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts loading the module (once); the component then renders without suspending. */
  preload(): Promise<unknown>;
}

/**
 * React.lazy that renders at once when its module was preloaded. A plain lazy component suspends on its
 * first render even when the chunk is already there (it waits for a promise), so the page first commits
 * a fallback and renders again; here React gets an already-fulfilled thenable and reads it synchronously.
 */
export function preloadableLazy<M, P>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): PreloadableLazy<P> {
  let loading: Promise<M> | null = null;
  let loaded: M | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Component = lazy(() => {
    if (loaded === undefined) return preload().then((module) => ({ default: pick(module) }));
    const value = { default: pick(loaded) };
    // React reads a thenable whose callback runs before `then` returns as already resolved.
    return {
      then: (resolve: (module: typeof value) => void) => resolve(value),
    } as unknown as Promise<typeof value>;
  });
  return { Component, preload };
}
