import type { AdProvider, GenericContainer } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { presentAdProvider, presentContainer } from './presenter';
import { findAdProviders, findContainers } from './repository';

/** `GET api/app/GenericAds`: the providers of every association and of the member's own (`aorId`), with their impressions. */
export async function adProvidersFor(q: Queryable, aorId: number | null): Promise<AdProvider[]> {
  return (await findAdProviders(q, aorId)).map(presentAdProvider);
}

/** `GET api/app/GenericContainers/`: the dashboard's sections, Pending ones too when `includePending` (admins). */
export async function dashboardContainers(q: Queryable, includePending: boolean): Promise<GenericContainer[]> {
  return (await findContainers(q, includePending)).map(presentContainer);
}
