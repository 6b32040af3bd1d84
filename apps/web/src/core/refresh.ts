import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Re-reads what a write changed: reads of those keys still in flight are cancelled, then everything under the keys is
 * invalidated (and fetched again where it is on screen).
 *
 * Invalidation alone keeps a read that is in flight and has no data yet (TanStack Query cancels a running fetch only when
 * the query already has data), and that read may have run before the write: a title typed in the Articles search just
 * before a delete then showed the deleted article after 'Article deleted successfully'.
 */
export async function refreshAfterWrite(client: QueryClient, ...keys: QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
