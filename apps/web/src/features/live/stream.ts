import { LIVE_EVENTS_PATH, LIVE_RETRY_MAX_MS, LIVE_RETRY_MS, type LiveEvent, liveEventSchema } from '@portico/shared';

/** 'open': the stream is connected and the polls slow down; 'fallback': it is not, the seeds' polling applies. */
export type LiveStatus = 'open' | 'fallback';

export interface LiveConnection {
  getToken(): Promise<string | null>;
  onEvent(event: LiveEvent): void;
  onStatus(status: LiveStatus): void;
}

/** Splits a Server-Sent Events text into its events' data; the rest of an incomplete event stays in the buffer. */
export function parseEvents(buffer: string): { events: LiveEvent[]; rest: string } {
  const events: LiveEvent[] = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (!data) continue;
    try {
      const parsed = liveEventSchema.safeParse(JSON.parse(data));
      if (parsed.success) events.push(parsed.data);
    } catch {
      // Not JSON: not one of ours.
    }
  }
  return { events, rest };
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The tab's one stream (decision 0977): read with fetch, so that the bearer token goes in the Authorization header
 * as on every call (EventSource cannot send it). Reconnects after a pause that doubles up to a minute; a stream
 * ended because its token expired reconnects at once with the renewed one. Returns the function that stops it.
 */
export function connectLive(connection: LiveConnection): () => void {
  const stop = new AbortController();
  const { signal } = stop;
  void (async () => {
    let pause = LIVE_RETRY_MS;
    while (!signal.aborted) {
      let reconnectNow = false;
      try {
        const token = await connection.getToken();
        const res = await fetch(LIVE_EVENTS_PATH, {
          headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          signal,
          cache: 'no-store',
        });
        if (res.ok && res.body) {
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const { events, rest } = parseEvents(buffer + value);
            buffer = rest;
            for (const event of events) {
              if (event.type === 'ready') {
                pause = LIVE_RETRY_MS;
                connection.onStatus('open');
              }
              if (event.type === 'end') reconnectNow = event.reason === 'token-expired';
              connection.onEvent(event);
            }
          }
        } else {
          await res.body?.cancel();
        }
      } catch {
        // Network failure or abort: polling takes over below.
      }
      if (signal.aborted) break;
      connection.onStatus('fallback');
      if (reconnectNow) continue;
      await wait(pause, signal);
      pause = Math.min(pause * 2, LIVE_RETRY_MAX_MS);
    }
  })();
  return () => stop.abort();
}
