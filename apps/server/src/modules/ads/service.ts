import type { AdProvider, GenericContainer } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { findAdProviders, findContainers } from './repository';

/** `GET api/app/GenericAds`: the providers of every association and of the member's own (`aorId`), with their impressions. */
export function adProvidersFor(q: Queryable, aorId: number | null): Promise<AdProvider[]> {
  return findAdProviders(q, aorId);
}

/** `GET api/app/GenericContainers/`: the dashboard's sections, Pending ones too when `includePending` (admins). */
export function dashboardContainers(q: Queryable, includePending: boolean): Promise<GenericContainer[]> {
  return findContainers(q, includePending);
}
