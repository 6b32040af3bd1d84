import {
  businessCalendarAnswerSchema,
  calendarDayParamSchema,
  calendarDaySchema,
  calendarDayViewSchema,
  compliancePolicySchema,
  compliancePolicyViewSchema,
  envelope,
  envelopeSchema,
  COMPLIANCE_MESSAGES as M,
  noResultsSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow, member } from '../../lib/guard';
import { route } from '../../lib/route';
import { canEditCompliancePolicy, canReadCompliancePolicy } from './policy';
import { addCalendarDay, loadBusinessCalendar, readCompliancePolicy, removeCalendarDay, updateCompliancePolicy } from './service';

const tags = ['compliance'];

/** The MLS's compliance policy and business-day calendar (issue 29 section 1, decision 1045). */
export async function complianceRoutes(app: FastifyInstance): Promise<void> {
  const zone = app.config.mlsTimeZone;

  route(app, {
    method: 'GET',
    url: '/api/app/Compliance/Policy',
    guard: allow('compliance.policy.read', canReadCompliancePolicy),
    summary: 'The MLS’s compliance policy: exemptions accepted, delayed-marketing period, disclosure deadline, grace, holiday state',
    tags,
    response: envelopeSchema(compliancePolicyViewSchema),
    handler: async ({ db, viewer }) => envelope([await readCompliancePolicy(db, viewer)]),
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/Compliance/Policy',
    guard: allow('compliance.policy.update', canEditCompliancePolicy),
    summary: 'Changes the compliance policy (MLS staff); inconsistent or out-of-range values are a 400 with field errors',
    tags,
    body: compliancePolicySchema,
    bodyLimit: 4096,
    response: envelopeSchema(compliancePolicyViewSchema),
    handler: async ({ db, viewer, body }) => envelope([await updateCompliancePolicy(db, viewer, body)], M.saved),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Compliance/Calendar',
    // Any member: every member's deadlines (listings, citations, training) count on it, in their browser too.
    guard: member,
    summary: 'The business-day calendar: the MLS’s zone, holidays of the year before to three after, closures and openings',
    tags,
    response: envelopeSchema(businessCalendarAnswerSchema),
    handler: async ({ db }) => envelope([(await loadBusinessCalendar(db, zone)).answer]),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/Compliance/CalendarDays',
    guard: allow('compliance.calendar.add-day', canEditCompliancePolicy),
    summary: 'Adds a closure to the calendar, or keeps a holiday open (MLS staff); a weekend or a day already set is refused',
    tags,
    body: calendarDaySchema,
    bodyLimit: 1024,
    response: envelopeSchema(calendarDayViewSchema),
    handler: async ({ db, viewer, body }) => envelope([await addCalendarDay(db, viewer, body, zone)], M.closureAdded),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/app/Compliance/CalendarDays/:date',
    guard: allow('compliance.calendar.remove-day', canEditCompliancePolicy),
    summary: 'Removes a closure or an opening from the calendar (MLS staff)',
    tags,
    params: calendarDayParamSchema,
    response: noResultsSchema,
    handler: async ({ db, params }) => {
      await removeCalendarDay(db, params.date);
      return envelope([], M.dayRemoved);
    },
  });
}
