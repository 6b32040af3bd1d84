import { Button } from '@mantine/core';
import type { FeedStatus } from '@portico/shared';
import { IconRefresh } from '@tabler/icons-react';
import { toast } from '../../ui/notify';
import { isSyncing, useSyncNow } from './api';

/** 'Sync now': queues a sync on the job queue; the resources' table then shows it running, page by page. */
export function SyncNow({ status }: { status: FeedStatus }) {
  const sync = useSyncNow();
  const busy = isSyncing(status);
  return (
    <Button
      leftSection={<IconRefresh size={16} aria-hidden />}
      loading={sync.isPending}
      disabled={busy}
      onClick={() =>
        sync.mutate(undefined, {
          onSuccess: (res) => toast('success', res.message || 'A sync is queued.'),
          onError: (error) => toast('failure', error.message),
        })
      }
    >
      {busy ? 'Syncing…' : 'Sync now'}
    </Button>
  );
}
