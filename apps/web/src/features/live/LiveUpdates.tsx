import type { LiveEvent } from '@portico/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accessToken } from '../../app/auth';
import { useMember } from '../../app/member';
import { emitLiveEvent, setLiveStatus } from './status';
import { connectLive } from './stream';

/** The query keys each event makes stale (the features' own key prefixes). */
export function invalidateFor(client: QueryClient, memberId: number, event: LiveEvent): void {
  const all = event.type === 'resync' || event.type === 'ready';
  if (all || event.type === 'notifications') void client.invalidateQueries({ queryKey: ['notifications', memberId] });
  if (all || event.type === 'system-notifications') void client.invalidateQueries({ queryKey: ['systemNotifications'] });
  if (all || event.type === 'cases' || event.type === 'chat') void client.invalidateQueries({ queryKey: ['cases'] });
  if (all) void client.invalidateQueries({ queryKey: ['support', 'chat'] });
  if (event.type === 'chat') void client.invalidateQueries({ queryKey: ['support', 'chat', event.workItemId] });
}

/**
 * The signed-in tab's live updates (decision 0977): one stream, each event refetching what it concerns. Connecting
 * (ready) refetches everything once, since anything may have changed while the tab polled.
 */
export function LiveUpdates() {
  const client = useQueryClient();
  const { viewer } = useMember();
  const memberId = viewer.memberId;
  useEffect(() => {
    let first = true;
    const stop = connectLive({
      getToken: accessToken,
      onStatus: setLiveStatus,
      onEvent: (event) => {
        // The first 'ready' follows the page's own first fetches: nothing to refetch yet.
        if (!(event.type === 'ready' && first)) invalidateFor(client, memberId, event);
        if (event.type === 'ready') first = false;
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
