import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createElement, lazy, useState } from 'react';
import { type LoadedModule, loadedModule } from './loaded-module';

/**
 * A signed-in screen's component, which can start fetching its code before it first renders, and with a query
 * client also the screen's first calls.
 */
export type LazyPageComponent = ComponentType & { preload(client?: QueryClient): void };

interface Screen<M> {
  chunk: LoadedModule<M>;
  pick: (module: M) => ComponentType;
  Lazy: ComponentType;
}

/**
 * Once its code has arrived (preloaded by the gate), the screen renders at once instead of suspending: a Suspense
 * boundary reveals its content no sooner than 300 ms after its fallback showed (decision 0970). Before that, it
 * suspends as a lazy component does, so a navigation keeps the previous screen until the code is here. Which of the
 * two is chosen once per mount: switching later would mount the screen again and lose what the member typed.
 */
function ArrivedOrLazy<M>({ screen }: { screen: Screen<M> }) {
  const [module] = useState(screen.chunk.current);
  return module === undefined ? createElement(screen.Lazy) : createElement(screen.pick(module));
}

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
  const chunk = loadedModule(load);
  const screen: Screen<M> = { chunk, pick, Lazy: lazy(() => chunk.load().then((module) => ({ default: pick(module) }))) };
  const render = () => createElement(ArrivedOrLazy<M>, { screen });
  const preload = (client?: QueryClient) => {
    void chunk.load().catch(() => undefined);
    if (client) prefetch?.(client);
  };
  return { Component: Object.assign(render, { preload }) };
}
