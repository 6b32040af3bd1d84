import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy } from 'react';

/**
 * A signed-in screen's component, which can start fetching its code before it first renders, and with a query
 * client also the screen's first calls.
 */
export type LazyPageComponent = ComponentType & { preload(client?: QueryClient): void };

/**
 * A signed-in screen whose code loads when the member shell first renders it. (A route's own `lazy` would load as
 * soon as a URL matches, so a visitor on `/` would download the dashboard before the public page.) `preload` lets the
 * gate fetch the screen's code beside the shell's for a signed-in member (decision 0992) and, where the route names
 * them (`prefetch`, kept out of the screen's chunk), start its first calls at the same time (decision 0995).
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  prefetch?: (client: QueryClient) => void,
): { Component: LazyPageComponent } {
  let loading: Promise<M> | null = null;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const Component = lazy(() => once().then((module) => ({ default: pick(module) }))) as unknown as LazyPageComponent;
  Component.preload = (client) => {
    void once().catch(() => undefined);
    if (client) prefetch?.(client);
  };
  return { Component };
}
