import { useEffect, useReducer } from 'react';

/**
 * A chunk fetched once, whose module can be read synchronously once it has arrived. Screens rendered from it do not
 * suspend: React reveals the content of a Suspense boundary no sooner than 300 ms after its fallback was shown (its
 * throttle of retries), and on the signed-in dashboard's first visit that wait, once for the gate and once for the
 * screen, was most of the time between the last call's answer and the first section (decision 0970).
 */
export interface LoadedModule<M> {
  /** Starts the fetch (once; again after a failure) and resolves to the module. */
  load(): Promise<M>;
  /** The module once it has arrived, else undefined. */
  current(): M | undefined;
}

export function loadedModule<M>(fetch: () => Promise<M>): LoadedModule<M> {
  let loading: Promise<M> | null = null;
  let module: M | undefined;
  return {
    load() {
      loading ??= fetch().then(
        (value) => {
          module = value;
          return value;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    current: () => module,
  };
}

/**
 * The module if it has arrived; else, when `wanted`, starts its fetch, returns undefined and renders again when it
 * arrives (an ordinary update, committed at once). A failed fetch is thrown during render, for the nearest error
 * boundary.
 */
export function useLoadedModule<M>(chunk: LoadedModule<M>, wanted = true): M | undefined {
  const [failure, fail] = useReducer((_: unknown, error: unknown) => ({ error }), null as { error: unknown } | null);
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const module = chunk.current();
  useEffect(() => {
    if (module !== undefined || !wanted) return;
    let live = true;
    chunk.load().then(
      () => live && arrived(),
      (error: unknown) => live && fail(error),
    );
    return () => {
      live = false;
    };
  }, [chunk, module, wanted]);
  if (failure) throw failure.error;
  return module;
}
