import { z } from 'zod';
import {
  ENFORCED_APPLICATIONS,
  type EnforcedApplications,
  REQUIREMENT_LIMITS as L,
  type RequirementPeriod,
  type RequirementState,
  type RequirementStatus,
} from '../domain/training-requirements';
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

export interface RequirementEnforcement {
  listingEntry: boolean;
  applications: EnforcedApplications;
  applicationIds: number[];
}

/** A requirement as staff read it. */
export interface Requirement {
  id: number;
  name: string;
  hours: number;
  topicIds: number[];
  courseNumbers: string[];
  memberTypes: number[];
  associationIds: number[];
  newMembersFrom: string | null;
  period: RequirementPeriod;
  enforcement: RequirementEnforcement;
  /** The association that defined it; null for the MLS's own. */
  aorId: number | null;
  canEdit: boolean;
}

/** A class that counts toward a requirement, linked to its registration. */
export interface CountingClass {
  id: number;
  className: string;
  startTime: string;
  hours: number;
}

/** A completion the member holds, with its certificate when it came from a Portico class. */
export interface Completion {
  id: number;
  courseName: string;
  courseNumber: string | null;
  hours: number;
  completedOn: string;
  hasCertificate: boolean;
}

/** One requirement as the member reads it (the card and My requirements). */
export interface MyRequirement extends RequirementStatus {
  id: number;
  name: string;
  period: RequirementPeriod;
  classes: CountingClass[];
  completions: Completion[];
}

/** One member of the broker's offices (or the staff's scope) with their state per requirement. */
export interface MemberRequirementRow {
  memberId: number;
  loginId: string;
  name: string;
  officeName: string | null;
  requirements: Array<{ id: number; state: RequirementState; hoursLeft: number; deadline: string }>;
}

export interface RequirementCounts {
  id: number;
  name: string;
  met: number;
  due: number;
  overdue: number;
}

export interface RequirementsReport {
  requirements: RequirementCounts[];
  members: MemberRequirementRow[];
  total: number;
}

export const requirementsReportQuerySchema = z.object({
  officeId: z.coerce.number().int().positive().optional(),
  overdue: z.enum(['true', 'false']).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

export interface RosterAttendee {
  id: number;
  memberId: number;
  name: string;
  loginId: string;
  wasPresent: boolean;
}

export interface Roster {
  classId: number;
  className: string;
  startTime: string;
  hours: number;
  attendees: RosterAttendee[];
}

export const attendanceSchema = z.object({
  attendeeIds: z.array(z.coerce.number().int().positive()).min(1).max(500),
  attended: z.boolean().default(true),
});
export type AttendanceInput = z.input<typeof attendanceSchema>;
