import { z } from 'zod';
import { ENFORCED_APPLICATIONS, REQUIREMENT_LIMITS as L, REQUIREMENT_STATES } from '../domain/training-requirements';
import { REQUIREMENT_MESSAGES as M } from '../domain/training-requirements-messages';

/**
 * Required training (issue 31, decision 1110): `GET/POST api/app/TrainingRequirements`, `PUT/DELETE
 * api/app/TrainingRequirements/:id`, `GET api/app/TrainingRequirements/Mine`, `GET api/app/TrainingRequirements/Office`,
 * `GET api/app/TrainingClass/:id/Roster`, `POST api/app/TrainingClass/:id/Attendance`,
 * `GET api/app/TrainingCompletions/:id/Certificate`.
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string) =>
  ISO_DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const dayField = (message: string) => z.string({ error: message }).refine(isDay, message);
const ids = z.array(z.coerce.number().int().positive()).max(L.maxCourses, M.tooManyCourses).default([]);

export const requirementPeriodSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('cycle'), start: dayField(M.cycleStart), end: dayField(M.cycleEnd) }),
    z.object({
      kind: z.literal('rolling'),
      everyYears: z.coerce
        .number({ error: M.everyYears })
        .int(M.everyYears)
        .min(L.everyYears.min, M.everyYears)
        .max(L.everyYears.max, M.everyYears),
    }),
    z.object({
      kind: z.literal('joining'),
      withinDays: z.coerce
        .number({ error: M.withinDays })
        .int(M.withinDays)
        .min(L.withinDays.min, M.withinDays)
        .max(L.withinDays.max, M.withinDays),
    }),
  ],
  { error: M.periodKind },
);

export const requirementSchema = z
  .object({
    name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(L.nameLength, M.nameLength),
    hours: z.coerce.number({ error: M.hoursRange }).min(L.hours.min, M.hoursRange).max(L.hours.max, M.hoursRange),
    topicIds: ids,
    courseNumbers: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[0-9A-Za-z.-]{1,40}$/, M.courseNumberFormat),
      )
      .max(L.maxCourses, M.tooManyCourses)
      .default([]),
    memberTypes: z.array(z.coerce.number().int().min(1, M.unknownMemberType).max(14, M.unknownMemberType)).max(14).default([]),
    associationIds: ids,
    newMembersFrom: dayField(M.newMembersFromFormat).nullable().default(null),
    period: requirementPeriodSchema,
    enforcement: z
      .object({
        listingEntry: z.boolean().default(false),
        applications: z.enum(ENFORCED_APPLICATIONS).default('none'),
        applicationIds: ids,
      })
      .default({ listingEntry: false, applications: 'none', applicationIds: [] }),
  })
  .superRefine((r, ctx) => {
    if (r.topicIds.length === 0 && r.courseNumbers.length === 0)
      ctx.addIssue({ code: 'custom', path: ['topicIds'], message: M.coursesRequired });
    if (r.period.kind === 'cycle' && isDay(r.period.start) && isDay(r.period.end) && r.period.end <= r.period.start)
      ctx.addIssue({ code: 'custom', path: ['period', 'end'], message: M.cycleOrder });
    if (r.enforcement.applications === 'chosen' && r.enforcement.applicationIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['enforcement', 'applicationIds'], message: M.chosenApplicationsRequired });
  });
export type RequirementInput = z.input<typeof requirementSchema>;
export type RequirementWrite = z.output<typeof requirementSchema>;

export const requirementEnforcementSchema = z.object({
  listingEntry: z.boolean(),
  applications: z.enum(ENFORCED_APPLICATIONS),
  applicationIds: z.array(z.number()),
});
export type RequirementEnforcement = z.infer<typeof requirementEnforcementSchema>;

/** A requirement's period as the API answers it (the write's rules are `requirementPeriodSchema`'s). */
export const requirementPeriodViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cycle'), start: z.string(), end: z.string() }),
  z.object({ kind: z.literal('rolling'), everyYears: z.number() }),
  z.object({ kind: z.literal('joining'), withinDays: z.number() }),
]);

/** A requirement as staff read it. */
export const requirementViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  hours: z.number(),
  topicIds: z.array(z.number()),
  courseNumbers: z.array(z.string()),
  memberTypes: z.array(z.number()),
  associationIds: z.array(z.number()),
  newMembersFrom: z.string().nullable(),
  period: requirementPeriodViewSchema,
  enforcement: requirementEnforcementSchema,
  /** The association that defined it; null for the MLS's own. */
  aorId: z.number().nullable(),
  canEdit: z.boolean(),
});
export type Requirement = z.infer<typeof requirementViewSchema>;

/** A class that counts toward a requirement, linked to its registration. */
export const countingClassSchema = z.object({ id: z.number(), className: z.string(), startTime: z.string(), hours: z.number() });
export type CountingClass = z.infer<typeof countingClassSchema>;

/** A completion the member holds, with its certificate when it came from a Portico class. */
export const completionSchema = z.object({
  id: z.number(),
  courseName: z.string(),
  courseNumber: z.string().nullable(),
  hours: z.number(),
  completedOn: z.string(),
  hasCertificate: z.boolean(),
});
export type Completion = z.infer<typeof completionSchema>;

/** One requirement as the member reads it (the card and My requirements): its status and what counts toward it. */
export const myRequirementSchema = z.object({
  state: z.enum(REQUIREMENT_STATES),
  hoursRequired: z.number(),
  hoursDone: z.number(),
  hoursLeft: z.number(),
  deadline: z.string(),
  daysRemaining: z.number(),
  periodStart: z.string(),
  id: z.number(),
  name: z.string(),
  period: requirementPeriodViewSchema,
  classes: z.array(countingClassSchema),
  completions: z.array(completionSchema),
});
export type MyRequirement = z.infer<typeof myRequirementSchema>;

/** One member of the broker's offices (or the staff's scope) with their state per requirement. */
export const memberRequirementRowSchema = z.object({
  memberId: z.number(),
  loginId: z.string(),
  name: z.string(),
  officeName: z.string().nullable(),
  requirements: z.array(z.object({ id: z.number(), state: z.enum(REQUIREMENT_STATES), hoursLeft: z.number(), deadline: z.string() })),
});
export type MemberRequirementRow = z.infer<typeof memberRequirementRowSchema>;

export const requirementCountsSchema = z.object({
  id: z.number(),
  name: z.string(),
  met: z.number(),
  due: z.number(),
  overdue: z.number(),
});
export type RequirementCounts = z.infer<typeof requirementCountsSchema>;

export const requirementsReportSchema = z.object({
  requirements: z.array(requirementCountsSchema),
  members: z.array(memberRequirementRowSchema),
  total: z.number(),
});
export type RequirementsReport = z.infer<typeof requirementsReportSchema>;

export const requirementsReportQuerySchema = z.object({
  officeId: z.coerce.number().int().positive().optional(),
  overdue: z.enum(['true', 'false']).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

export const rosterAttendeeSchema = z.object({
  id: z.number(),
  memberId: z.number(),
  name: z.string(),
  loginId: z.string(),
  wasPresent: z.boolean(),
});
export type RosterAttendee = z.infer<typeof rosterAttendeeSchema>;

export const rosterSchema = z.object({
  classId: z.number(),
  className: z.string(),
  startTime: z.string(),
  hours: z.number(),
  attendees: z.array(rosterAttendeeSchema),
});
export type Roster = z.infer<typeof rosterSchema>;

export const attendanceSchema = z.object({
  attendeeIds: z.array(z.coerce.number().int().positive()).min(1).max(500),
  attended: z.boolean().default(true),
});
export type AttendanceInput = z.input<typeof attendanceSchema>;
