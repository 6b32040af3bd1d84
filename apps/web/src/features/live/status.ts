import { LIVE_CONNECTED_POLL_MS, type LiveEvent } from '@portico/shared';
import { useEffect, useSyncExternalStore } from 'react';
import type { LiveStatus } from './stream';

let status: LiveStatus = 'fallback';
const statusListeners = new Set<() => void>();
const eventListeners = new Set<(event: LiveEvent) => void>();

export function setLiveStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of statusListeners) listener();
}

export function emitLiveEvent(event: LiveEvent): void {
  for (const listener of eventListeners) listener(event);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
  );
}

/** A poll's interval: the seeds' own while the stream is down, a rare safety net while it is connected. */
export function useLivePollInterval(seedMs: number): number {
  return useLiveStatus() === 'open' ? Math.max(seedMs, LIVE_CONNECTED_POLL_MS) : seedMs;
}

/** Calls `listener` with every live event while the component is mounted. */
export function useLiveEvent(listener: (event: LiveEvent) => void): void {
  useEffect(() => {
    eventListeners.add(listener);
    return () => {
      eventListeners.delete(listener);
    };
  }, [listener]);
}
