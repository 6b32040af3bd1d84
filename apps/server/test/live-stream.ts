import { type LiveEvent, liveEventSchema } from '@portico/shared';

/** A test's reading of one live stream: every event as it arrives, and a wait for the one a test expects. */
export interface OpenStream {
  events: LiveEvent[];
  next(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  ended: Promise<void>;
  close(): void;
}

export async function openStream(baseUrl: string, token: string | null): Promise<{ status: number; stream: OpenStream | null }> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/app/Events`, {
    headers: token ? { authorization: `Bearer ${token}`, accept: 'text/event-stream' } : { accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (res.status !== 200 || !res.body) {
    await res.body?.cancel();
    return { status: res.status, stream: null };
  }
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) events.push(liveEventSchema.parse(JSON.parse(data)));
          for (const wake of waiters) wake();
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    } finally {
      for (const wake of waiters) wake();
    }
  })();
  let seen = 0;
  const next: OpenStream['next'] = (match, timeoutMs = 10_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        while (seen < events.length) {
          const event = events[seen++];
          if (match(event)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(event);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No matching live event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return { status: 200, stream: { events, next, ended, close: () => abort.abort() } };
}
