import {
  adminOfficeCode,
  RESOURCE_MATERIALS_TEXTS as R,
  type ResourceAudience,
  type ResourceMaterialsRowKind,
  resourceEditScopeOf,
  resourceMaterialsInputSchema,
  type Viewer,
} from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import {
  associationExists,
  deleteOfficeResourceMaterials,
  findAssociationResourceMaterials,
  findOfficeByCode,
  findOfficeResourceMaterials,
  type OfficeRef,
  type ResourceMaterialsRecord,
  upsertAssociationResourceMaterials,
  upsertOfficeResourceMaterials,
} from './repository';

/** One row as an editor sees it: where it belongs, what is stored (null: nothing yet) and what they may do with it. */
export interface ResourceMaterialsSlot {
  kind: ResourceMaterialsRowKind;
  aorId: number;
  office: OfficeRef | null;
  row: ResourceMaterialsRecord | null;
  canEdit: boolean;
}

/** The association whose rows an editor manages: any (MLS staff, default their own), else only their own. */
async function editableAssociation(q: Queryable, viewer: Viewer, aorId: number | undefined): Promise<number> {
  const scope = resourceEditScopeOf(viewer);
  if (scope === 'mls') {
    const id = aorId ?? viewer.aorId;
    if (!id) throw badRequest(R.chooseAssociation, [{ field: 'aorId', message: R.chooseAssociation }]);
    if (!(await associationExists(q, id))) throw notFound('The association');
    return id;
  }
  if (scope === 'association' && viewer.aorId && (aorId === undefined || aorId === viewer.aorId)) return viewer.aorId;
  throw forbidden(R.notYours);
}

/** A broker's main office (the firm), the only office row they edit; anything else is refused. */
async function editableOffice(q: Queryable, viewer: Viewer, officeId?: number): Promise<OfficeRef> {
  const code = resourceEditScopeOf(viewer) === 'office' ? adminOfficeCode(viewer) : null;
  const office = code ? await findOfficeByCode(q, code) : null;
  if (!office || (officeId !== undefined && officeId !== office.id)) throw forbidden(R.notYours);
  return office;
}

/**
 * The guards' row (resource-routes.ts): the association named by the path, when the editor manages it (MLS staff any
 * existing one, else 404; AOR admins their own); any other is refused 403 with the family's message.
 */
export const editableAssociationInPath = rowLoader<{ aorId: number }, { params: { aorId: number } }>(
  'association whose rows the editor manages',
  notFound('The association').message,
  async ({ db, viewer, params }) => ({ aorId: await editableAssociation(db, viewer, params.aorId) }),
);

/** The guards' row: the broker's own main office named by the path; any other office is refused 403. */
export const editableOfficeInPath = rowLoader<OfficeRef, { params: { officeId: number } }>(
  "broker's own main office",
  notFound('The office').message,
  ({ db, viewer, params }) => editableOffice(db, viewer, params.officeId),
);

async function associationSlots(q: Queryable, aorId: number, canEdit: boolean, audiences: ResourceAudience[]) {
  const rows = await findAssociationResourceMaterials(q, aorId);
  return audiences.map(
    (kind): ResourceMaterialsSlot => ({
      kind,
      aorId,
      office: null,
      row: rows.find((r) => r.is_broker === (kind === 'brokers')) ?? null,
      canEdit,
    }),
  );
}

async function officeSlot(q: Queryable, office: OfficeRef): Promise<ResourceMaterialsSlot> {
  return { kind: 'office', aorId: office.aorId, office, row: await findOfficeResourceMaterials(q, office.id), canEdit: true };
}

/**
 * `GET api/app/ResourceMaterials`: association and MLS staff get the association's two rows; a broker their office's
 * own row and, read-only, the association's brokers' row it replaces.
 */
export async function listResourceMaterials(db: Db, viewer: Viewer, aorId?: number): Promise<ResourceMaterialsSlot[]> {
  if (resourceEditScopeOf(viewer) === 'office') {
    const office = await editableOffice(db, viewer);
    if (aorId !== undefined && aorId !== office.aorId) throw forbidden(R.notYours);
    return [await officeSlot(db, office), ...(await associationSlots(db, office.aorId, false, ['brokers']))];
  }
  return associationSlots(db, await editableAssociation(db, viewer, aorId), true, ['brokers', 'staff']);
}

/** Writes an association's row; the guard has loaded the association as one the editor manages. */
export async function saveAssociationResourceMaterials(
  db: Db,
  aorId: number,
  audience: ResourceAudience,
  body: unknown,
): Promise<ResourceMaterialsSlot> {
  const values = resourceMaterialsInputSchema.parse(body);
  return db.tx(async (q) => {
    await upsertAssociationResourceMaterials(q, aorId, audience === 'brokers', values);
    return (await associationSlots(q, aorId, true, [audience]))[0]!;
  });
}

/** Writes a broker's office's own row; the guard has loaded the office as the broker's own. */
export async function saveOfficeResourceMaterials(db: Db, office: OfficeRef, body: unknown): Promise<ResourceMaterialsSlot> {
  const values = resourceMaterialsInputSchema.parse(body);
  return db.tx(async (q) => {
    await upsertOfficeResourceMaterials(q, office, values);
    return officeSlot(q, office);
  });
}

/** Removes an office's own row: its brokers see the association's brokers' row again. */
export async function removeOfficeResourceMaterials(db: Db, office: OfficeRef): Promise<void> {
  await db.tx(async (q) => {
    if (!(await deleteOfficeResourceMaterials(q, office.id))) throw notFound("The office's own resource materials");
  });
}
