import type {
  FeedRejected,
  FeedRun,
  FeedStatus,
  FeedSyncQueued,
  FeedUserClassMapping,
  FeedUserClassMappingSaved,
  FeedUserClassMappings,
} from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '../../core/api';
import { refreshAfterWrite } from '../../core/refresh';
import { useLivePollInterval } from '../live/index';

/** Every key starts with 'feed': the live 'feed' event (a page committed, a run started or ended) refetches them all. */
export const feedKeys = {
  all: ['feed'] as const,
  status: ['feed', 'status'] as const,
  runs: ['feed', 'runs'] as const,
  rejected: ['feed', 'rejected'] as const,
  mappings: ['feed', 'mappings'] as const,
};

/** While a sync waits or runs the screen polls this often when the live stream is down (a rare safety net while it is up). */
export const FEED_PROGRESS_POLL_MS = 2_000;

export const isSyncing = (s: FeedStatus | undefined) => !!s && (s.activeRuns.length > 0 || (s.queue?.queued ?? 0) > 0);

/** `GET api/app/Feed/Status`: settings, checkpoints, last runs, the runs going on and the queue. */
export function useFeedStatus() {
  const poll = useLivePollInterval(FEED_PROGRESS_POLL_MS);
  return useQuery({
    queryKey: feedKeys.status,
    queryFn: async ({ signal }) => (await apiGet<FeedStatus>('/api/app/Feed/Status', signal)).results[0]!,
    refetchInterval: (query) => (isSyncing(query.state.data) ? poll : false),
  });
}

export function useFeedRuns(enabled: boolean) {
  return useQuery({
    queryKey: feedKeys.runs,
    enabled,
    queryFn: async ({ signal }) => (await apiGet<FeedRun>('/api/app/Feed/Runs?limit=50', signal)).results,
  });
}

export function useFeedRejected(enabled: boolean) {
  return useQuery({
    queryKey: feedKeys.rejected,
    enabled,
    queryFn: async ({ signal }) => (await apiGet<FeedRejected>('/api/app/Feed/Rejected?limit=100', signal)).results,
  });
}

export function useFeedMappings(enabled: boolean) {
  return useQuery({
    queryKey: feedKeys.mappings,
    enabled,
    queryFn: async ({ signal }) => (await apiGet<FeedUserClassMappings>('/api/app/Feed/UserClassMapping', signal)).results[0]!,
  });
}

/** `POST api/app/Feed/SyncNow`: queues a sync; the status then shows it waiting, running and done. */
export function useSyncNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => apiPost<FeedSyncQueued>('/api/app/Feed/SyncNow', {}),
    onSuccess: () => refreshAfterWrite(client, feedKeys.all),
  });
}

/** `PUT api/app/Feed/UserClassMapping`: the members waiting on the value are applied at once. */
export function useMapUserClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (mapping: FeedUserClassMapping) => apiPut<FeedUserClassMappingSaved>('/api/app/Feed/UserClassMapping', mapping),
    onSuccess: () => refreshAfterWrite(client, feedKeys.all),
  });
}

export function useResendCreatePassword() {
  return useMutation({ mutationFn: async (loginId: string) => apiPost<never>('/api/app/Feed/ResendCreatePassword', { loginId }) });
}
