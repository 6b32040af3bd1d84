import { z } from 'zod';
import { APPLICATION_CATEGORIES } from '../domain/dashboard-messages';
import { MEMBER_TYPES } from '../domain/member-types';
import { id, text, wholeNumber } from './input';
import { SSO_PROTOCOLS } from './sso';

/**
 * MLS staff add, change and remove the launcher's applications (the dashboard's tiles): `api/app/LauncherApplications`
 * (decision 0994). The audience rows mean what `application_audiences` means (migration 0150): none, every member;
 * else a member may use the application when one row matches on every column it sets.
 */
export const LAUNCHER_APPLICATION_MESSAGES = {
  title: 'Applications',
  newApplication: 'New application',
  created: 'The application is added to the launcher.',
  saved: 'The application is saved.',
  deleted: 'The application is deleted from the launcher.',
  nameShortTaken: 'Another application already uses this short name.',
  httpUrl: 'An http or https URL is required',
  iconUrl: 'An http or https URL, or a path starting with /',
  emptyAudienceRow: 'Choose an association, a main office or a member type',
  unknownAssociation: 'There is no such association',
  unknownOffice: 'There is no main office with this code',
  hasLaunches:
    'Members have launched this application: it cannot be deleted while the usage figures count it. Limit its audience or switch it off per office instead.',
  confirmDelete: (name: string) =>
    `Delete ${name} from the launcher? Its tile, audience, office opt-outs and single sign-on settings are removed for good.`,
  loadFailed: 'The application could not be loaded.',
  everyone: 'No audience rows: every member may use the application.',
} as const;

const MEMBER_TYPE_VALUES = MEMBER_TYPES.map((t) => t.value) as number[];

const httpUrl = (max: number, message: string) =>
  text(max)
    .trim()
    .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), message);

/** Empty text is no value ('' from a form field). */
const optionalText = (max: number) =>
  text(max)
    .trim()
    .nullable()
    .optional()
    .transform((v) => v || null);

/** One audience row: at least one of association, main office code and member type. */
export const launcherAudienceRowSchema = z
  .object({
    aorId: id().nullable().optional(),
    mainOfficeCode: optionalText(50),
    memberType: z
      .number({ error: 'Choose a member type' })
      .int()
      .refine((v) => MEMBER_TYPE_VALUES.includes(v), 'Choose a member type')
      .nullable()
      .optional(),
  })
  .transform((r) => ({ aorId: r.aorId ?? null, mainOfficeCode: r.mainOfficeCode, memberType: r.memberType ?? null }))
  .superRefine((r, ctx) => {
    if (r.aorId === null && r.mainOfficeCode === null && r.memberType === null)
      ctx.addIssue({ code: 'custom', path: ['aorId'], message: LAUNCHER_APPLICATION_MESSAGES.emptyAudienceRow });
  });
export type LauncherAudienceRow = z.output<typeof launcherAudienceRowSchema>;

/** `POST api/app/LauncherApplications` and `PUT .../{applicationId}`: the whole application, audience included. */
export const launcherApplicationWriteSchema = z.object({
  name: text(200).trim().min(1, 'The name is required'),
  nameShort: text(50)
    .trim()
    .min(1, 'The short name is required')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, 'Letters, digits, spaces and . _ - only'),
  url: httpUrl(2000, LAUNCHER_APPLICATION_MESSAGES.httpUrl),
  iconUrl: text(2000)
    .trim()
    .refine(
      (v) => v === '' || v.startsWith('/') || (/^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v)),
      LAUNCHER_APPLICATION_MESSAGES.iconUrl,
    )
    .nullable()
    .optional()
    .transform((v) => v || null),
  hoverText: optionalText(500),
  applicationCategory: z.enum(APPLICATION_CATEGORIES, { error: 'Choose a category' }),
  /** A connected application can be switched off per main office on the application settings page. */
  isConnected: z.boolean({ error: 'Must be true or false' }),
  /** Who may switch a connected application for their own main office (0: office admins only; 3 to 5: that level). */
  accessLevel: wholeNumber(0, 5),
  audience: z.array(launcherAudienceRowSchema).max(100, 'At most 100 audience rows'),
});
export type LauncherApplicationWrite = z.input<typeof launcherApplicationWriteSchema>;
export type LauncherApplicationInput = z.output<typeof launcherApplicationWriteSchema>;
export const launcherApplicationIdParamSchema = z.object({ applicationId: id() });

/** One application as staff edit it. */
export const launcherApplicationSchema = z.object({
  applicationId: z.number(),
  name: z.string(),
  nameShort: z.string(),
  url: z.string().nullable(),
  iconUrl: z.string().nullable(),
  hoverText: z.string().nullable(),
  applicationCategory: z.enum(APPLICATION_CATEGORIES),
  isConnected: z.boolean(),
  accessLevel: z.number(),
  protocol: z.enum(SSO_PROTOCOLS),
  audience: z.array(
    z.object({
      aorId: z.number().nullable(),
      aorShortName: z.string().nullable(),
      mainOfficeCode: z.string().nullable(),
      memberType: z.number().nullable(),
    }),
  ),
  /** Whether launches are recorded: such an application cannot be deleted (decision 0994). */
  hasLaunches: z.boolean(),
  createdOn: z.string(),
});
export type LauncherApplication = z.infer<typeof launcherApplicationSchema>;
