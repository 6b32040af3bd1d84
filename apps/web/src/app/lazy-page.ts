import { type ComponentType, lazy } from 'react';

/**
 * A signed-in screen whose code loads when the member shell first renders it. (A route's own `lazy` would load as
 * soon as a URL matches, so a visitor on `/` would download the dashboard before the public page.)
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): { Component: ComponentType } {
  return { Component: lazy(() => load().then((module) => ({ default: pick(module) }))) };
}
