import {
  envelope,
  envelopeSchema,
  noResultsSchema,
  officeIdParamsSchema,
  RESOURCE_MATERIALS_TEXTS as R,
  resourceAudienceParamsSchema,
  resourceMaterialsEntrySchema,
  resourceMaterialsInputSchema,
  resourceMaterialsQuerySchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow, can } from '../../lib/guard';
import { route } from '../../lib/route';
import { canEditResourceMaterials } from './policy';
import { presentResourceMaterialsEntry } from './presenter';
import {
  editableAssociationInPath,
  editableOfficeInPath,
  listResourceMaterials,
  removeOfficeResourceMaterials,
  saveAssociationResourceMaterials,
  saveOfficeResourceMaterials,
} from './resource-service';

const tags = ['admin'];

/** Editing the Resource Materials tab's data (decision 0801): MLS staff, AOR admins and brokers, each their own rows. */
export async function resourceMaterialsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/ResourceMaterials',
    guard: allow('resource-materials.list', canEditResourceMaterials),
    summary:
      "The resource materials rows the editor manages: an association's brokers' and staff rows (MLS staff: any aorId; AOR admins: their own), or a broker's office row with the association's brokers' row it replaces (read-only)",
    tags,
    response: envelopeSchema(resourceMaterialsEntrySchema),
    query: resourceMaterialsQuerySchema,
    handler: async ({ query, viewer, db }) =>
      envelope((await listResourceMaterials(db, viewer, query.aorId)).map(presentResourceMaterialsEntry)),
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/ResourceMaterials/Association/:aorId/:audience',
    guard: can('resource-materials.association.update', editableAssociationInPath, undefined, { allow: canEditResourceMaterials }),
    summary:
      "Writes an association's brokers' or staff row (audience brokers|staff): MLS staff any association, AOR admins their own; 403 otherwise",
    tags,
    response: envelopeSchema(resourceMaterialsEntrySchema),
    params: resourceAudienceParamsSchema,
    describeBody: resourceMaterialsInputSchema,
    handler: async ({ params, req, row, db }) =>
      envelope([presentResourceMaterialsEntry(await saveAssociationResourceMaterials(db, row.aorId, params.audience, req.body))], R.saved),
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/ResourceMaterials/Office/:officeId',
    guard: can('resource-materials.office.update', editableOfficeInPath, undefined, { allow: canEditResourceMaterials }),
    summary:
      "Writes a broker's main office's own row, which replaces the association's brokers' row for that office; 403 for any other office",
    tags,
    response: envelopeSchema(resourceMaterialsEntrySchema),
    params: officeIdParamsSchema,
    describeBody: resourceMaterialsInputSchema,
    handler: async ({ req, row, db }) =>
      envelope([presentResourceMaterialsEntry(await saveOfficeResourceMaterials(db, row, req.body))], R.saved),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/app/ResourceMaterials/Office/:officeId',
    guard: can('resource-materials.office.delete', editableOfficeInPath, undefined, { allow: canEditResourceMaterials }),
    summary:
      "Removes a broker's main office's own row (the association's brokers' row applies again); 403 for any other office, 404 when none",
    tags,
    response: noResultsSchema,
    params: officeIdParamsSchema,
    handler: async ({ row, db }) => {
      await removeOfficeResourceMaterials(db, row);
      return envelope([], R.removed);
    },
  });
}
