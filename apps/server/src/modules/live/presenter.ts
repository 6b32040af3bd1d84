import type { LiveEvent } from '@portico/shared';

/** One Server-Sent Event: the type as its name, the event as JSON data (one line). */
export function presentEvent(event: LiveEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** A comment line: ignored by the browser, enough to keep proxies and load balancers from closing the stream. */
export const HEARTBEAT = ': heartbeat\n\n';
