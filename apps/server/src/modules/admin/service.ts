import { type AdminProfile, adminOfficeCode, adminScopeOf, type Viewer } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { forbidden } from '../../lib/errors';
import type { MemberRecord } from '../members/index';
import { presentAdminProfile } from './presenter';
import { findResourceMaterials } from './repository';

/**
 * The Broker Center / AOR Center's profile of a signed-in admin (the member record is the sign-in's own); `mlsName`
 * is the MLS's own name (config `MLS_NAME`).
 */
export async function adminProfileOf(q: Queryable, viewer: Viewer, member: MemberRecord, mlsName: string): Promise<AdminProfile> {
  const scope = adminScopeOf(viewer);
  if (!scope) throw forbidden();
  const resources = await findResourceMaterials(q, {
    aorId: viewer.aorId,
    mainOfficeCode: adminOfficeCode(viewer),
    forBrokers: scope === 'office',
  });
  return presentAdminProfile(viewer, scope, member, resources, mlsName);
}
