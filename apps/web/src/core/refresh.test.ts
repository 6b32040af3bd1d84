import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterWrite } from './refresh';

/** A server whose answer is read when a request arrives and sent when the test lets it go. */
function heldServer(initial: string[]) {
  let rows = initial;
  const held: Array<() => void> = [];
  return {
    write: (next: string[]) => {
      rows = next;
    },
    read: (signal: AbortSignal) =>
      new Promise<string[]>((resolve, reject) => {
        const answer = rows;
        held.push(() => resolve(answer));
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
    releaseAll: () => {
      for (const send of held.splice(0)) send();
    },
    pending: () => held.length,
  };
}

describe('refreshAfterWrite', () => {
  it("shows the write's result when a first read, started before the write, is still in flight", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const server = heldServer(['Summer Listing Clinic (updated)']);
    const observer = new QueryObserver(client, { queryKey: ['articles', 'list', 'clinic'], queryFn: ({ signal }) => server.read(signal) });
    const stop = observer.subscribe(() => undefined);
    await expect.poll(() => server.pending()).toBe(1);

    server.write([]); // the article is deleted while the search's first read is in flight
    const refreshed = refreshAfterWrite(client, ['articles']);
    await expect.poll(() => server.pending()).toBe(2);
    server.releaseAll();
    await refreshed;

    expect(observer.getCurrentResult().data).toEqual([]);
    stop();
  });

  it('re-reads a query that has data, and leaves keys outside the write alone', async () => {
    const client = new QueryClient();
    client.setQueryData(['articles', 'list'], ['old']);
    client.setQueryData(['training', 'classes'], ['kept']);
    const observer = new QueryObserver(client, { queryKey: ['articles', 'list'], queryFn: async () => ['new'], staleTime: Infinity });
    const stop = observer.subscribe(() => undefined);
    await refreshAfterWrite(client, ['articles']);
    expect(observer.getCurrentResult().data).toEqual(['new']);
    expect(client.getQueryState(['training', 'classes'])?.isInvalidated).toBe(false);
    stop();
  });
});
