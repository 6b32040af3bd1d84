import { z } from 'zod';
import { SETTING_SOURCES } from '../domain/settings';
import { id, text } from './input';

/** Short values are option codes ('1', '0', '99', ...), never free text. */
const shortValue = z.string().trim().min(1, 'A value is required').max(100);

/** `POST api/app/MemberSettings` and `PUT api/app/MemberSettings/{id}`. */
export const memberSettingWriteSchema = z.object({
  typeId: id(),
  shortValue,
  actionRequired: z.boolean().default(false),
  memberId: id(),
});
export type MemberSettingWrite = z.input<typeof memberSettingWriteSchema>;

/** `POST api/app/OfficeSettings` and `PUT api/app/OfficeSettings/{id}`. */
export const officeSettingWriteSchema = z.object({
  typeId: id(),
  shortValue,
  actionRequired: z.boolean().default(false),
  officeId: id(),
});
export type OfficeSettingWrite = z.input<typeof officeSettingWriteSchema>;

/**
 * `POST api/app/AssociationSettings` and `PUT api/app/AssociationSettings/{id}`: one association-wide value (level 4),
 * written by that association's staff or the MLS (docs/decisions/0305-association-settings.md).
 */
export const associationSettingWriteSchema = z.object({
  typeId: id(),
  shortValue,
  actionRequired: z.boolean().default(false),
  aorId: id(),
});
export type AssociationSettingWrite = z.input<typeof associationSettingWriteSchema>;

/** Whose settings: a member (level 1), an office (2 or 3) or an association (4). */
export const SETTING_OWNER_TYPES = ['member', 'office', 'association'] as const;
export type SettingOwnerType = (typeof SETTING_OWNER_TYPES)[number];

const changeSchema = z.object({
  typeId: id(),
  shortValue,
  actionRequired: z.boolean().default(false),
});

/**
 * `PUT api/app/MemberSettings` and `PUT api/app/OfficeSettings` (no id): a whole page of changes for one owner,
 * written in one transaction (docs/decisions/0301-settings-page-save.md).
 */
export const settingsPageSaveSchema = z.object({
  ownerId: id(),
  settings: z
    .array(changeSchema)
    .min(1, 'Nothing to save')
    .max(500)
    .refine((list) => new Set(list.map((s) => s.typeId)).size === list.length, 'A setting type appears twice'),
});
export type SettingsPageSave = z.input<typeof settingsPageSaveSchema>;

export const derivedOwnerParamsSchema = z.object({
  ownerType: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(SETTING_OWNER_TYPES)),
  id: id(),
});

export const settingValueSchema = z.object({
  id: z.number(),
  groupId: z.number(),
  shortValue: z.string(),
  longValue: z.string(),
  sortOrder: z.number(),
});
export type SettingValue = z.infer<typeof settingValueSchema>;

export const settingInputTypeSchema = z.object({ id: z.number(), name: z.string(), description: z.string() });
export type SettingInputType = z.infer<typeof settingInputTypeSchema>;

export const settingGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  settingInputTypeId: z.number(),
  inputType: z.string(),
  sortOrder: z.number(),
  settingValues: z.array(settingValueSchema),
});
export type SettingGroup = z.infer<typeof settingGroupSchema>;

export const settingTypeSchema = z.object({
  id: z.number(),
  groupId: z.number(),
  name: z.string(),
  description: z.string(),
  accessLevel: z.number(),
  defaultAllow: z.boolean(),
  defaultValue: z.string(),
  sortOrder: z.number(),
});
export type SettingType = z.infer<typeof settingTypeSchema>;

/** A stored member or office setting. */
export const storedSettingSchema = z.object({
  id: z.number(),
  typeId: z.number(),
  shortValue: z.string(),
  actionRequired: z.boolean(),
  memberId: z.number().optional(),
  officeId: z.number().optional(),
  aorId: z.number().optional(),
  createdBy: z.number().nullable(),
  createdOn: z.string(),
  modifiedBy: z.number().nullable(),
  modifiedOn: z.string(),
});
export type StoredSetting = z.infer<typeof storedSettingSchema>;

export const settingChangeSchema = z.object({
  changedByName: z.string(),
  changedByLoginId: z.string(),
  changedOn: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string(),
});
export type SettingChange = z.infer<typeof settingChangeSchema>;

/** A setting as edited (seed 000 section 3), with where its effective value comes from and its last change. */
export const editedSettingSchema = z.object({
  ownerId: z.number(),
  ownerType: z.enum(SETTING_OWNER_TYPES),
  ownerName: z.string(),
  typeId: z.number(),
  /** The effective value (member > office > main office > association > MLS; a lock above wins). */
  shortValue: z.string(),
  /** The long text of the effective value (also for 99, whose option is hidden below level 3). */
  displayValue: z.string(),
  /** The value the owner holds itself, or null when it inherits. */
  originalValue: z.string().nullable(),
  isEditable: z.boolean(),
  editReason: z.string(),
  isLocked: z.boolean(),
  source: z.enum(SETTING_SOURCES),
  id: z.number().nullable(),
  actionRequired: z.boolean(),
  lastChange: settingChangeSchema.nullable(),
});
export type EditedSetting = z.infer<typeof editedSettingSchema>;

export const derivedSettingsSchema = z.object({
  ownerType: z.enum(SETTING_OWNER_TYPES),
  ownerId: z.number(),
  ownerName: z.string(),
  ownerLevel: z.number(),
  settings: z.array(editedSettingSchema),
});
export type DerivedSettings = z.infer<typeof derivedSettingsSchema>;

/** Agent search result (seed 000 section 3). */
export const audienceIndexEntrySchema = z.object({
  loginId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string().nullable(),
  contactId: z.number(),
  contactJObject: z.string(),
  applicationName: z.string(),
  memberTypeName: z.string(),
  aorName: z.string().nullable(),
});
export type AudienceIndexEntry = z.infer<typeof audienceIndexEntrySchema>;

export const typeAheadQuerySchema = z.object({
  officeCode: text(20).optional(),
  mainOfficeCode: text(20).optional(),
  aorShortName: text(20).optional(),
  onlyMain: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => v === undefined || v === true || v === 'true'),
});

export const searchParamSchema = z.object({ search: text(100).trim().min(1) });
export const searchTextParamSchema = z.object({ searchText: text(100).trim().min(1) });

export const officeSummarySchema = z.object({
  id: z.number(),
  officeCode: z.string(),
  name: z.string(),
  mainOfficeCode: z.string().nullable(),
  officeStatusId: z.number(),
});
export type OfficeSummary = z.infer<typeof officeSummarySchema>;

/** An association as the Association Settings tab's picker lists it (`GET api/app/Associations`, level 5). */
export const associationSummarySchema = z.object({ id: z.number(), shortName: z.string(), name: z.string() });
export type AssociationSummary = z.infer<typeof associationSummarySchema>;

/** Application setting (seed 000 section 3). */
export const applicationSettingSchema = z.object({
  applicationId: z.number(),
  applicationName: z.string(),
  applicationNameShort: z.string(),
  accessLevel: z.number(),
  accessControl: z.boolean(),
  /** Whether the viewer may change it (the server refuses the others). */
  isEditable: z.boolean(),
  modifiedOn: z.string().nullable(),
});
export type ApplicationSetting = z.infer<typeof applicationSettingSchema>;

/** `GET/PUT api/app/OfficeApplications[/{officeId}]`: an application setting of the main office it belongs to. */
export const officeApplicationSchema = applicationSettingSchema.extend({ officeId: z.number() });
export type OfficeApplication = z.infer<typeof officeApplicationSchema>;

/** `PUT api/app/OfficeApplications`. */
export const officeApplicationWriteSchema = z.object({
  officeId: id(),
  applicationId: id(),
  accessControl: z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => (v === true || v === 1 ? 1 : 0)),
});
export type OfficeApplicationWrite = z.input<typeof officeApplicationWriteSchema>;

export const officeIdParamSchema = z.object({ officeId: id() });
