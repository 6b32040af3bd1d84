import { z } from 'zod';
import type { AdminScope, ResourceAudience } from '../domain/admin';
import { id } from './input';
import { ADMIN_MESSAGE_TEXTS, isHttpUrl, optionalChecked } from './system-notifications';

/** One criterion of the admin's own content scope (query-engine shape). */
export const adminCriterionSchema = z.object({
  field: z.string(),
  op: z.literal('Equal'),
  values: z.array(z.union([z.string(), z.number()])),
});
export type AdminCriterion = z.infer<typeof adminCriterionSchema>;

/**
 * Seed 002 section 3 "Resource materials data": where the broker's or association's resource materials are, their
 * (case-sensitive) password and the support page (docs/decisions/0801-resource-materials.md).
 */
export const resourceMaterialsSchema = z.object({
  url: z.string(),
  image: z.string(),
  password: z.string(),
  infoUrl: z.string().nullable(),
  infoImage: z.string().nullable(),
  isBroker: z.boolean(),
});
export type ResourceMaterials = z.infer<typeof resourceMaterialsSchema>;

/**
 * `GET api/app/AdminProfile`: seed 002 section 3 "User profile for admin". `criteria` are the scopes of the admin's
 * content: `messages` the messages the admin administers, `message` the audience of a new message, `articles` the
 * articles; null when the member has no office or association to scope them by (the screens then say "No ...
 * criteria found for this user"). `scope` says which of office, association or MLS it is.
 */
export const adminProfileSchema = z.object({
  loginId: z.string(),
  memberId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: z.string().nullable(),
  memberType: z.object({ displayName: z.string() }),
  originatingSystemID: z.string().nullable(),
  office: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
  aor: z.object({ id: z.number(), shortName: z.string(), name: z.string() }).nullable(),
  isBroker: z.boolean(),
  isGsmls: z.boolean(),
  scope: z.enum(['office', 'association', 'mls']) satisfies z.ZodType<AdminScope>,
  /** The MLS's own name (`MLS_NAME`): who MLS staff's MLS-wide messages come from (decision 1055). */
  mlsName: z.string(),
  criteria: z.object({
    articles: z.array(adminCriterionSchema).nullable(),
    message: z.array(adminCriterionSchema).nullable(),
    messages: z.array(adminCriterionSchema).nullable(),
  }),
  pageSize: z.number(),
  resourceMaterials: resourceMaterialsSchema.nullable(),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;

// ---- Editing resource materials (docs/decisions/0801-resource-materials.md) ----

export const RESOURCE_MATERIALS_LIMITS = { urlMax: 2000, imageMax: 500, passwordMax: 100 } as const;

/** The editor's texts, named once (the seed gives none: decision 0801). */
export const RESOURCE_MATERIALS_TEXTS = {
  edit: 'Edit',
  manageTitle: 'Manage Resource Materials',
  formTitle: 'Edit Resource Materials',
  brokers: "Association brokers' materials",
  staff: 'Association staff materials',
  office: "Your office's own materials",
  officeHint: "Your office's own materials replace the association's brokers' materials for your office's brokers.",
  brokersHint: 'Brokers see these unless their office has materials of its own.',
  staffHint: "The association's staff see these in the AOR Center.",
  associationBrokersHint: "What your office's brokers see when your office has no materials of its own.",
  readOnly: 'Set by your association',
  notSet: 'Not set',
  url: 'Materials URL',
  password: 'Password (case-sensitive)',
  image: 'Image',
  infoUrl: 'Support Page URL',
  infoImage: 'Support Page Image',
  imageHint: 'A path on this site (starting with /) or a full url',
  modifiedOn: 'Last modified',
  save: 'Save',
  cancel: 'Cancel',
  remove: 'Remove',
  removeConfirm: "Remove your office's own resource materials? Your office's brokers then see the association's brokers' materials.",
  urlInvalid: ADMIN_MESSAGE_TEXTS.urlInvalid,
  passwordRequired: 'Password Required when a url is given',
  passwordLength: 'Password must be at most 100 characters',
  imageInvalid: 'Please enter an image path starting with / or a url including protocol (http, https)',
  saved: 'Resource materials saved successfully',
  removed: "Your office's own resource materials were removed successfully",
  saveFailed: 'There was a problem saving the resource materials. ',
  removeFailed: 'There was a problem removing the resource materials. ',
  loadFailed: 'There was a problem loading the resource materials.',
  noneShown: 'No resource materials are shown yet: they appear once they have a url and a password.',
  chooseAssociation: 'Choose an association to manage its resource materials.',
  notYours: 'You may not edit these resource materials.',
} as const;

const R = RESOURCE_MATERIALS_TEXTS;
const RL = RESOURCE_MATERIALS_LIMITS;

/** A site path such as /admin/resource-materials.svg (no scheme-relative //), or an http(s) url. */
export function isImagePath(value: string): boolean {
  return /^\/(?!\/)[^\s<>"']*$/.test(value) || isHttpUrl(value);
}

const optionalUrl = optionalChecked(RL.urlMax, R.urlInvalid, isHttpUrl);
const optionalImage = optionalChecked(RL.imageMax, R.imageInvalid, isImagePath);

/**
 * `PUT api/app/ResourceMaterials/...`: the resource materials data of seed 002 section 3 as an editor writes it; one
 * schema for the server and the form. The password is kept as typed (case-sensitive, not trimmed).
 */
export const resourceMaterialsInputSchema = z
  .object({
    url: optionalUrl,
    image: optionalImage,
    password: z
      .string()
      .max(RL.passwordMax, R.passwordLength)
      .nullish()
      .transform((p) => (p?.trim() ? p : '')),
    infoUrl: optionalUrl,
    infoImage: optionalImage,
  })
  .superRefine((v, ctx) => {
    if (v.url && !v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: R.passwordRequired });
  });
export type ResourceMaterialsInput = z.input<typeof resourceMaterialsInputSchema>;
export type ResourceMaterialsValues = z.output<typeof resourceMaterialsInputSchema>;

/** Which row: an association's brokers' or staff row, or a main office's own row (which replaces the brokers' row). */
export type ResourceMaterialsRowKind = ResourceAudience | 'office';

/**
 * `GET api/app/ResourceMaterials`: one row an editor manages or sees beside the ones they manage. `isSet` is false
 * for a row nobody has written yet (its fields are empty); `canEdit` is the server's answer to "may I change it".
 */
export const resourceMaterialsEntrySchema = resourceMaterialsSchema.extend({
  kind: z.enum(['brokers', 'staff', 'office']),
  aorId: z.number(),
  officeId: z.number().nullable(),
  officeCode: z.string().nullable(),
  isSet: z.boolean(),
  canEdit: z.boolean(),
  /** Only an office's own row can be removed (the association's brokers' row then applies). */
  canRemove: z.boolean(),
  modifiedOn: z.string().nullable(),
});
export type ResourceMaterialsEntry = z.infer<typeof resourceMaterialsEntrySchema>;

export const resourceMaterialsQuerySchema = z.object({ aorId: id().optional() });
export const resourceAudienceParamsSchema = z.object({
  aorId: id(),
  audience: z.preprocess((a) => (typeof a === 'string' ? a.toLowerCase() : a), z.enum(['brokers', 'staff'])),
});
export const officeIdParamsSchema = z.object({ officeId: id() });
