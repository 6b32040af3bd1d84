import {
  ADMIN_DEFAULT_PAGE_SIZE,
  type AdminProfile,
  type AdminScope,
  adminCriteriaOf,
  adminMessageCriteriaOf,
  memberTypeByValue,
  type ResourceMaterials,
  type ResourceMaterialsEntry,
  type Viewer,
} from '@portico/shared';
import type { MemberRecord } from '../members/index';
import type { ResourceMaterialsRow } from './repository';
import type { ResourceMaterialsSlot } from './resource-service';

export function presentResourceMaterials(r: ResourceMaterialsRow): ResourceMaterials {
  return { url: r.url, image: r.image, password: r.password, infoUrl: r.info_url, infoImage: r.info_image, isBroker: r.is_broker };
}

/** A row an editor manages (or sees beside it); a row not written yet comes with empty fields. */
export function presentResourceMaterialsEntry(slot: ResourceMaterialsSlot): ResourceMaterialsEntry {
  const r = slot.row;
  return {
    url: r?.url ?? '',
    image: r?.image ?? '',
    password: r?.password ?? '',
    infoUrl: r?.info_url ?? null,
    infoImage: r?.info_image ?? null,
    isBroker: slot.kind !== 'staff',
    kind: slot.kind,
    aorId: slot.aorId,
    officeId: slot.office?.id ?? null,
    officeCode: slot.office?.code ?? null,
    isSet: r !== null,
    canEdit: slot.canEdit,
    canRemove: slot.canEdit && slot.kind === 'office' && r !== null,
    modifiedOn: r ? r.modified_on.toISOString() : null,
  };
}

export function presentAdminProfile(
  viewer: Viewer,
  scope: AdminScope,
  m: MemberRecord,
  resources: ResourceMaterialsRow | null,
  mlsName: string,
): AdminProfile {
  const criteria = adminCriteriaOf(viewer);
  const messageCriteria = adminMessageCriteriaOf(viewer);
  return {
    loginId: m.login_id,
    memberId: m.id,
    firstName: m.first_name,
    lastName: m.last_name,
    photoUrl: m.photo_url,
    memberType: { displayName: memberTypeByValue(viewer.memberType).name },
    originatingSystemID: m.originating_system_id,
    office: m.office_id && m.office_code ? { id: m.office_id, code: m.office_code, name: m.office_name ?? m.office_code } : null,
    aor: m.aor_id && m.aor_short_name ? { id: m.aor_id, shortName: m.aor_short_name, name: m.aor_name ?? m.aor_short_name } : null,
    isBroker: viewer.isBroker,
    isGsmls: viewer.isGsmls,
    scope,
    mlsName,
    criteria: { articles: criteria, message: messageCriteria, messages: messageCriteria },
    pageSize: ADMIN_DEFAULT_PAGE_SIZE,
    resourceMaterials: resources && !viewer.isGsmls ? presentResourceMaterials(resources) : null,
  };
}
