import { z } from 'zod';
import { USER_CLASSES } from './member-types';

/**
 * The RESO Data Dictionary names Portico reads from an MLS's Web API (or a CSV with those headers), and the Portico
 * columns they land in (decision 0985). One table per resource: the feed `$select`s exactly these fields.
 */
export const RESO_MEMBER_FIELDS = {
  MemberKey: 'members.member_key',
  MemberMlsId: 'members.agent_code',
  MemberLoginId: 'members.login_id (MemberMlsId when absent)',
  MemberFirstName: 'members.first_name',
  MemberLastName: 'members.last_name',
  MemberFullName: 'members.display_name (first and last name when absent)',
  MemberEmail: 'members.email',
  MemberPreferredPhone: 'members.phone',
  MemberDirectPhone: 'members.phone (when no preferred phone)',
  MemberMobilePhone: 'members.phone (when neither of the above)',
  MemberStateLicense: 'members.state_license',
  MemberNationalAssociationId: 'members.nrds_id (NAR’s NRDS ID; a blank keeps the one Portico has, decision 1161)',
  MemberType: 'members.user_class (through the user-class mapping)',
  MemberMlsSecurityClass: 'members.mls_security_class, and members.user_class through the mapping',
  MemberStatus: 'members.member_status; not Active: sign-in refused, sessions ended',
  OfficeKey: 'members.office_id (the office of that key)',
  OfficeMlsId: 'members.office_id (when no office has the key), members.broker_code',
  MemberAOR: 'members.aor_id (the association of that short name)',
  OriginatingSystemName: 'members.originating_system_id',
  ModificationTimestamp: 'the checkpoint',
} as const;

export const RESO_OFFICE_FIELDS = {
  OfficeKey: 'offices.office_key',
  OfficeMlsId: 'offices.office_code',
  OfficeName: 'offices.name',
  OfficePhone: 'offices.phone',
  OfficeCity: 'offices.city',
  MainOfficeMlsId: 'offices.main_office_code (a branch names its main office)',
  MainOfficeKey: 'offices.main_office_key, and offices.main_office_code when no MainOfficeMlsId (the office of that key)',
  OfficeBrokerKey: 'offices.broker_key (the member of that key is the office broker)',
  OfficeAOR: 'offices.aor_id (the association of that short name, created when new)',
  OfficeStatus: 'offices.office_status_id (Active 1, anything else 2)',
  OriginatingSystemName: 'offices.originating_system_id',
  ModificationTimestamp: 'the checkpoint',
} as const;

export const RESO_PROPERTY_FIELDS = {
  ListingKey: 'mls_listings.listing_key',
  ListingId: 'mls_listings.mls_listing_id',
  StandardStatus: 'mls_listings.standard_status',
  PropertyType: 'mls_listings.property_type',
  PropertySubType: 'mls_listings.property_sub_type',
  ListPrice: 'mls_listings.list_price',
  ClosePrice: 'mls_listings.close_price',
  ListingContractDate: 'mls_listings.listing_contract_date',
  OnMarketDate: 'mls_listings.on_market_date',
  PurchaseContractDate: 'mls_listings.pending_date',
  CloseDate: 'mls_listings.close_date',
  UnparsedAddress: 'mls_listings.unparsed_address',
  City: 'mls_listings.city',
  StateOrProvince: 'mls_listings.state_or_province',
  PostalCode: 'mls_listings.postal_code',
  Latitude: 'mls_listings.latitude',
  Longitude: 'mls_listings.longitude',
  ListAgentKey: 'mls_listings.list_agent_member_id (the member of that key)',
  ListOfficeKey: 'mls_listings.office_id and aor_id (the office of that key)',
  PublicRemarks: 'mls_listings.public_remarks',
  DaysOnMarket: 'mls_listings.days_on_market',
  ModificationTimestamp: 'the checkpoint',
} as const;

/** A listing's photos: the Media resource's rows about a Property (the report-a-violation lookup shows the first). */
export const RESO_MEDIA_FIELDS = {
  MediaKey: 'mls_listing_media.media_key',
  ResourceName: "only 'Property' is read ($filter)",
  ResourceRecordKey: 'mls_listing_media.listing_key (the listing of that ListingKey)',
  MediaURL: 'mls_listing_media.url',
  MediaCategory: "mls_listing_media.category (photos: 'Photo' or none)",
  Order: "mls_listing_media.sort_order (the first photo is the lookup's)",
  ModificationTimestamp: 'the checkpoint',
} as const;

export type ResoResource = 'Member' | 'Office' | 'Property' | 'Media';

/** Each resource's key, the fields `$select`ed, and a condition every query adds (Media: the listings' only). */
export const RESO_RESOURCES: Record<ResoResource, { key: string; fields: string[]; where?: string }> = {
  Office: { key: 'OfficeKey', fields: Object.keys(RESO_OFFICE_FIELDS) },
  Member: { key: 'MemberKey', fields: Object.keys(RESO_MEMBER_FIELDS) },
  Property: { key: 'ListingKey', fields: Object.keys(RESO_PROPERTY_FIELDS) },
  Media: { key: 'MediaKey', fields: Object.keys(RESO_MEDIA_FIELDS), where: "ResourceName eq 'Property'" },
};

/**
 * The default user-class mapping: a MemberMlsSecurityClass that is one of the seeds' user classes is taken as it is;
 * otherwise the RESO MemberType picks one. Staff's own mapping (feed_user_class_map) goes over both. Anything else is
 * not mapped: the row goes to the review list, never silently to agents.
 */
export const DEFAULT_MEMBER_TYPE_CLASSES: Record<string, string> = {
  Agent: 'AG',
  Broker: 'DB',
  'Designated REALTOR': 'DB',
  'Office Manager': 'OM',
  'Office Administrator': 'OA',
  Assistant: 'PA',
  'Licensed Assistant': 'PA',
  'Unlicensed Assistant': 'PA',
  Appraiser: 'AP',
  Photographer: 'PH',
  Affiliate: 'AF',
  Vendor: 'TP',
  'Association Staff': 'BANGM',
  'MLS Staff': 'AS',
};

export type UserClassMap = { MemberType: Record<string, string>; MemberMlsSecurityClass: Record<string, string> };

export function userClassOf(
  memberType: string | null | undefined,
  securityClass: string | null | undefined,
  map: UserClassMap,
): { userClass: string } | { unmapped: string } {
  const klass = securityClass?.trim() ?? '';
  const type = memberType?.trim() ?? '';
  if (klass && map.MemberMlsSecurityClass[klass]) return { userClass: map.MemberMlsSecurityClass[klass] };
  if (type && map.MemberType[type]) return { userClass: map.MemberType[type] };
  if (klass && USER_CLASSES.includes(klass.toUpperCase())) return { userClass: klass.toUpperCase() };
  if (type && DEFAULT_MEMBER_TYPE_CLASSES[type]) return { userClass: DEFAULT_MEMBER_TYPE_CLASSES[type] };
  return { unmapped: klass ? `MemberMlsSecurityClass=${klass}` : `MemberType=${type || '(none)'}` };
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
const key = z.string().trim().min(1).max(255);
/** An Edm.DateTimeOffset: ISO 8601 with a zone. Kept as the server wrote it, for the checkpoint. */
export const resoTimestampSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, 'not an ISO 8601 timestamp with a zone')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'not a date');
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'not a date (YYYY-MM-DD)')
  .nullish()
  .transform((v) => v ?? null);
const money = z
  .number()
  .nonnegative()
  .max(1e12)
  .nullish()
  .transform((v) => v ?? null);

export const resoOfficeSchema = z.object({
  OfficeKey: key,
  OfficeMlsId: z.string().trim().min(1).max(64),
  OfficeName: z.string().trim().min(1).max(255),
  OfficePhone: text(64),
  OfficeCity: text(128),
  MainOfficeMlsId: text(64),
  MainOfficeKey: text(255),
  OfficeBrokerKey: text(255),
  OfficeAOR: text(64),
  OfficeStatus: text(64),
  OriginatingSystemName: text(64),
  ModificationTimestamp: resoTimestampSchema,
});

export const resoMemberSchema = z.object({
  MemberKey: key,
  MemberMlsId: z.string().trim().min(1).max(64),
  MemberLoginId: text(200),
  MemberFirstName: z.string().trim().min(1).max(128),
  MemberLastName: z.string().trim().min(1).max(128),
  MemberFullName: text(255),
  MemberEmail: z
    .string()
    .trim()
    .email()
    .max(320)
    .nullish()
    .transform((v) => v || null),
  MemberPreferredPhone: text(64),
  MemberDirectPhone: text(64),
  MemberMobilePhone: text(64),
  MemberStateLicense: text(64),
  MemberNationalAssociationId: text(20),
  MemberType: text(64),
  MemberMlsSecurityClass: text(64),
  MemberStatus: z.string().trim().min(1).max(64),
  OfficeKey: text(255),
  OfficeMlsId: text(64),
  MemberAOR: text(64),
  OriginatingSystemName: text(64),
  ModificationTimestamp: resoTimestampSchema,
});

export const resoPropertySchema = z.object({
  ListingKey: key,
  ListingId: z.string().trim().min(1).max(64),
  StandardStatus: z.string().trim().min(1).max(64),
  PropertyType: z.string().trim().min(1).max(64),
  PropertySubType: text(64),
  ListPrice: z.number().nonnegative().max(1e12),
  ClosePrice: money,
  ListingContractDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'not a date (YYYY-MM-DD)'),
  OnMarketDate: date,
  PurchaseContractDate: date,
  CloseDate: date,
  UnparsedAddress: text(500),
  City: text(128),
  StateOrProvince: text(64),
  PostalCode: text(32),
  Latitude: z
    .number()
    .min(-90)
    .max(90)
    .nullish()
    .transform((v) => v ?? null),
  Longitude: z
    .number()
    .min(-180)
    .max(180)
    .nullish()
    .transform((v) => v ?? null),
  ListAgentKey: text(255),
  ListOfficeKey: text(255),
  PublicRemarks: text(4000),
  DaysOnMarket: z
    .number()
    .int()
    .min(0)
    .max(100_000)
    .nullish()
    .transform((v) => v ?? null),
  ModificationTimestamp: resoTimestampSchema,
});

export const resoMediaSchema = z.object({
  MediaKey: key,
  ResourceName: z.literal('Property', { message: "only media of a 'Property' are read" }),
  ResourceRecordKey: key,
  MediaURL: z
    .string()
    .trim()
    .max(2000)
    .url()
    .refine((v) => /^https:\/\//i.test(v), 'not an https URL (the portal shows photos over https only)'),
  MediaCategory: text(64),
  Order: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .nullish()
    .transform((v) => v ?? null),
  ModificationTimestamp: resoTimestampSchema,
});

export type ResoOffice = z.output<typeof resoOfficeSchema>;
export type ResoMedia = z.output<typeof resoMediaSchema>;
export type ResoMember = z.output<typeof resoMemberSchema>;
export type ResoProperty = z.output<typeof resoPropertySchema>;

export const RESO_ROW_SCHEMAS = {
  Office: resoOfficeSchema,
  Member: resoMemberSchema,
  Property: resoPropertySchema,
  Media: resoMediaSchema,
} as const;

/** A row's problems in one line (`MemberEmail: Invalid email; ModificationTimestamp: Required`), for the review list. */
export function resoRowProblems(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'row'}: ${i.message}`).join('; ');
}

/** Whether a RESO MemberStatus lets the member sign in: only Active does. */
export const isActiveStatus = (status: string | null | undefined) => (status ?? '').trim().toLowerCase() === 'active';
