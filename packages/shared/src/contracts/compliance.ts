import { z } from 'zod';
import type { BusinessCalendarInput } from '../domain/business-calendar';
import { EXEMPTION_KINDS, COMPLIANCE_LIMITS as L, COMPLIANCE_MESSAGES as M, US_STATE_CODES } from '../domain/compliance';

/**
 * The MLS's compliance policy and business-day calendar (issue 29 section 1, decision 1045):
 * `GET/PUT api/app/Compliance/Policy`, `GET api/app/Compliance/Calendar`, `POST api/app/Compliance/CalendarDays`,
 * `DELETE api/app/Compliance/CalendarDays/:date`.
 */

const whole = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

export const compliancePolicySchema = z
  .object({
    exemptionKinds: z
      .array(z.enum(EXEMPTION_KINDS, { error: M.unknownKind }))
      .max(EXEMPTION_KINDS.length)
      .transform((kinds) => EXEMPTION_KINDS.filter((k) => kinds.includes(k))),
    delayedMarketingDays: whole(0, L.delayedMarketingDays, M.delayedMarketingDaysRange),
    disclosureDeadlineDays: whole(L.disclosureDeadlineDays.min, L.disclosureDeadlineDays.max, M.disclosureDaysRange),
    marketingGraceDays: whole(L.marketingGraceDays.min, L.marketingGraceDays.max, M.graceDaysRange),
    // Optional so that a client that predates the field keeps the MLS's setting (absent = unchanged, decision 1100).
    citationSuspendDays: whole(L.citationSuspendDays.min, L.citationSuspendDays.max, M.citationSuspendDaysRange).optional(),
    // '' (the form's 'Federal holidays only') reads as null.
    holidayState: z.preprocess((v) => (v === '' ? null : v), z.enum(US_STATE_CODES, { error: M.unknownState }).nullable().default(null)),
  })
  .superRefine((policy, ctx) => {
    const acceptsDelayed = policy.exemptionKinds.includes('delayed-marketing');
    if (acceptsDelayed && policy.delayedMarketingDays === 0)
      ctx.addIssue({ code: 'custom', path: ['delayedMarketingDays'], message: M.delayedMarketingNeedsDays });
    if (!acceptsDelayed && policy.delayedMarketingDays > 0)
      ctx.addIssue({ code: 'custom', path: ['delayedMarketingDays'], message: M.delayedMarketingOffHasDays });
  });
export type CompliancePolicyInput = z.input<typeof compliancePolicySchema>;

/** The policy as the API answers it, with who may change it and when it last changed. */
export const compliancePolicyViewSchema = z.object({
  exemptionKinds: z.array(z.enum(EXEMPTION_KINDS)),
  delayedMarketingDays: z.number(),
  disclosureDeadlineDays: z.number(),
  marketingGraceDays: z.number(),
  /** Calendar days past its deadline before an unpaid or uncorrected citation suspends MLS access (decision 1100). */
  citationSuspendDays: z.number(),
  holidayState: z.string().nullable(),
  updatedOn: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Whether the viewer may change it (MLS staff). */
  canEdit: z.boolean(),
  /** The states whose holidays may be added: code and name. */
  states: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type CompliancePolicy = z.infer<typeof compliancePolicyViewSchema>;

/**
 * `GET api/app/Compliance/Exemptions` (any member, decision 1050): what the registered listing wizard offers and
 * counts with: the exemptions the MLS accepts, its delayed-marketing period and its disclosure deadline.
 */
export const exemptionRulesSchema = compliancePolicyViewSchema.pick({
  exemptionKinds: true,
  delayedMarketingDays: true,
  disclosureDeadlineDays: true,
});
export type ExemptionRules = z.infer<typeof exemptionRulesSchema>;

/** A day staff set on the calendar: closed (a closure) or kept open (a holiday the MLS works). */
export const calendarDayViewSchema = z.object({
  date: z.string(),
  kind: z.enum(['closed', 'open']),
  name: z.string(),
  addedBy: z.string().nullable(),
  addedOn: z.string(),
});
export type CalendarDay = z.infer<typeof calendarDayViewSchema>;

const namedDay = z.object({ date: z.string(), name: z.string() });

/**
 * The business-day calendar as every member's browser gets it: the MLS's zone, the holidays of the years around
 * today (the year before to three after), the closures and the openings. `createBusinessCalendar(answer)` builds the
 * same calendar the server counts with.
 */
export const businessCalendarAnswerSchema = z.object({
  zone: z.string(),
  holidays: z.array(namedDay),
  closures: z.array(namedDay),
  openings: z.array(z.string()),
  /** The first and last day the holidays cover. */
  coversFrom: z.string(),
  coversTo: z.string(),
  /** The next holidays and closures from today (at most 12). */
  upcoming: z.array(namedDay.extend({ kind: z.enum(['holiday', 'closure']) })),
  /** The days staff set (closures and openings), for the Compliance tab. */
  days: z.array(calendarDayViewSchema),
});
export type BusinessCalendarAnswer = z.infer<typeof businessCalendarAnswerSchema> & BusinessCalendarInput;

const isoDate = z
  .string({ error: M.dateRequired })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateRequired)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), M.dateRequired);

export const calendarDaySchema = z
  .object({
    date: isoDate,
    kind: z.enum(['closed', 'open'], { error: 'Choose closed or open.' }).default('closed'),
    name: z.string().trim().max(L.closureName, M.nameRequired).default(''),
  })
  .superRefine((day, ctx) => {
    if (day.kind === 'closed' && day.name.length === 0) ctx.addIssue({ code: 'custom', path: ['name'], message: M.nameRequired });
  });
export type CalendarDayInput = z.input<typeof calendarDaySchema>;

export const calendarDayParamSchema = z.object({ date: isoDate });
