import type { LiveEvent } from '@portico/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accessToken } from '../../core/auth';
import { useMember } from '../../core/member';
import { refreshAfterWrite } from '../../core/refresh';
import { emitLiveEvent, setLiveStatus } from './status';
import { connectLive } from './stream';

/** The query keys each event makes stale (the features' own key prefixes). */
export function invalidateFor(client: QueryClient, memberId: number, event: LiveEvent): void {
  const all = event.type === 'resync' || event.type === 'ready';
  if (all || event.type === 'notifications') void refreshAfterWrite(client, ['notifications', memberId]);
  if (all || event.type === 'system-notifications') void refreshAfterWrite(client, ['systemNotifications']);
  if (all || event.type === 'cases' || event.type === 'chat') void refreshAfterWrite(client, ['cases']);
  if (all) void refreshAfterWrite(client, ['support', 'chat']);
  // The MLS data feed's screen (level 5): a run started, a page committed, a run ended.
  if (all || event.type === 'feed') void refreshAfterWrite(client, ['feed']);
  if (event.type === 'chat') void refreshAfterWrite(client, ['support', 'chat', event.workItemId]);
}

/**
 * The signed-in tab's live updates (decision 0977): one stream, each event refetching what it concerns. Every
 * connection (ready) refetches what is on screen once: anything written before the stream opened was not signalled to
 * it (mostly 304 answers).
 */
export function LiveUpdates() {
  const client = useQueryClient();
  const { viewer } = useMember();
  const memberId = viewer.memberId;
  useEffect(() => {
    const stop = connectLive({
      getToken: accessToken,
      onStatus: setLiveStatus,
      onEvent: (event) => {
        invalidateFor(client, memberId, event);
        emitLiveEvent(event);
      },
    });
    return () => {
      stop();
      setLiveStatus('fallback');
    };
  }, [client, memberId]);
  return null;
}
