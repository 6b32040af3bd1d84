import type { Kpi } from '@portico/shared';
import type { Db } from '../../db/index';
import { presentKpis } from './presenter';
import { findKpiDefinitions, readSnapshot } from './repository';
import { refreshSnapshot, SNAPSHOT_MAX_AGE_MS } from './snapshots';

/**
 * Figures change when listings change, not per request. They come from the association's snapshot (kpi_snapshots,
 * kept fresh by the refresh job; computed here only when there is none for today), and each association's answer is
 * kept for a minute per process, so a dashboard morning rush costs one row read per association and minute.
 */
const CACHE_MS = 60_000;
const caches = new WeakMap<object, Map<number, { at: number; kpis: Promise<Kpi[]> }>>();

export function executeAllKpis(db: Db, aorId: number, now = Date.now()): Promise<Kpi[]> {
  const cache = caches.get(db) ?? new Map<number, { at: number; kpis: Promise<Kpi[]> }>();
  caches.set(db, cache);
  const hit = cache.get(aorId);
  if (hit && now - hit.at < CACHE_MS) return hit.kpis;
  const kpis = (async () => {
    const definitions = await findKpiDefinitions(db);
    const snapshot = (await readSnapshot(db, aorId)) ?? (await refreshSnapshot(db, aorId, { maxAgeMs: SNAPSHOT_MAX_AGE_MS, wait: true }));
    if (!snapshot) throw new Error('market figures: no snapshot after a waiting refresh');
    return presentKpis(definitions, snapshot.figures, snapshot.trend);
  })();
  cache.set(aorId, { at: now, kpis });
  kpis.catch(() => cache.delete(aorId));
  return kpis;
}
