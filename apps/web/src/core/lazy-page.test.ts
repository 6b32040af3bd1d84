import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

const Page = () => null;

describe('lazyPage preload (decision 0992)', () => {
  it('starts loading the screen once, however often it is asked', async () => {
    const load = vi.fn(async () => ({ Page }));
    const { Component } = lazyPage(load, (m) => m.Page);
    expect(load).not.toHaveBeenCalled();
    Component.preload();
    Component.preload();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load instead of keeping the failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ Page });
    const { Component } = lazyPage(load, (m: { Page: typeof Page }) => m.Page);
    Component.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setImmediate(resolve));
    Component.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyPage prefetch (decision 0995)', () => {
  it("starts the screen's first calls with the gate's client beside its code, not after it", () => {
    const prefetch = vi.fn();
    const load = vi.fn(() => new Promise<{ Page: typeof Page }>(() => undefined));
    const { Component } = lazyPage(load, (m) => m.Page, prefetch);
    Component.preload();
    expect(prefetch).not.toHaveBeenCalled();
    const client = {} as QueryClient;
    Component.preload(client);
    expect(prefetch).toHaveBeenCalledWith(client);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

const Screen = () => createElement('p', null, 'the screen');

describe('lazyPage once its code has arrived (decision 0970)', () => {
  const screen = { Page: Screen };
  const render = (Component: ComponentType) =>
    renderToString(createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Component)));

  it('renders the screen in its first render, not the fallback (a revealed fallback waits 300 ms)', async () => {
    const { Component } = lazyPage(
      async () => screen,
      (m) => m.Page,
    );
    Component.preload();
    await new Promise((resolve) => setImmediate(resolve));
    const html = render(Component);
    expect(html).toContain('the screen');
    expect(html).not.toContain('loading');
  });

  it('suspends as a lazy screen does while its code is still coming', () => {
    const { Component } = lazyPage(
      () => new Promise<typeof screen>(() => undefined),
      (m) => m.Page,
    );
    expect(render(Component)).toContain('loading');
  });
});
