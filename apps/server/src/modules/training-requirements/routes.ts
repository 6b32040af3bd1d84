import {
  attendanceSchema,
  envelope,
  envelopeSchema,
  idParamSchema,
  REQUIREMENT_MESSAGES as M,
  myRequirementSchema,
  noResultsSchema,
  requirementSchema,
  requirementsReportQuerySchema,
  requirementsReportSchema,
  requirementViewSchema,
  rosterSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow, can, member, scoped } from '../../lib/guard';
import { sendKeptJson } from '../../lib/kept-json';
import { route } from '../../lib/route';
import { certificatePdf } from './certificate';
import { canEditRequirement, canMarkClass, mayManageRequirements, mayReadReport } from './policy';
import { requirementReads } from './reads';
import { classOfPath, markAttendance, readRoster } from './roster';
import {
  changeRequirement,
  completionOfPath,
  createRequirement,
  readRequirements,
  removeRequirement,
  reportCsv,
  requirementOfPath,
} from './service';

const tags = ['training-requirements'];
const reportAnswer = envelopeSchema(requirementsReportSchema);
const mineAnswer = envelopeSchema(myRequirementSchema);

/** Required training (issue 31, decision 1110): requirements, status, rosters and attendance, certificates. */
export async function trainingRequirementsRoutes(app: FastifyInstance): Promise<void> {
  const zone = app.config.mlsTimeZone;
  const reads = requirementReads(app.db, zone);

  route(app, {
    method: 'GET',
    url: '/api/app/TrainingRequirements',
    guard: allow('training-requirements.read', mayManageRequirements),
    summary: 'The requirements in the staff member’s scope (MLS staff: all; association staff: theirs and the MLS’s)',
    tags,
    response: envelopeSchema(requirementViewSchema),
    handler: async ({ db, viewer }) => envelope(await readRequirements(db, viewer)),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/TrainingRequirements',
    guard: allow('training-requirements.create', mayManageRequirements),
    summary: 'Adds a requirement, judged as a whole (each problem a field error); only MLS staff set enforcement',
    tags,
    body: requirementSchema,
    bodyLimit: 16_384,
    response: envelopeSchema(requirementViewSchema),
    handler: async ({ db, viewer, body, reply }) => {
      const saved = await createRequirement(db, viewer, body, zone);
      reply.code(201);
      return envelope([saved], M.created(saved.name));
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/TrainingRequirements/:id',
    guard: can('training-requirements.update', requirementOfPath, canEditRequirement, { allow: mayManageRequirements }),
    summary: 'Saves a requirement (MLS staff: any; association staff: their own); its holds follow the new terms at once',
    tags,
    params: idParamSchema,
    body: requirementSchema,
    bodyLimit: 16_384,
    response: envelopeSchema(requirementViewSchema),
    handler: async ({ db, viewer, row, body }) => {
      const saved = await changeRequirement(db, viewer, row, body, zone);
      return envelope([saved], M.updated(saved.name));
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/app/TrainingRequirements/:id',
    guard: can('training-requirements.delete', requirementOfPath, canEditRequirement, { allow: mayManageRequirements }),
    summary: 'Removes a requirement and lifts its holds',
    tags,
    params: idParamSchema,
    response: noResultsSchema,
    handler: async ({ db, viewer, row }) => {
      await removeRequirement(db, viewer, row);
      return envelope([], M.deleted(row.name));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/TrainingRequirements/Mine',
    guard: member,
    summary: 'My requirements: hours done and left, deadline, days remaining, classes that count and certificates',
    tags,
    response: mineAnswer,
    handler: async ({ viewer, reply }) => {
      const { requirements, kept } = await reads.mine(viewer);
      return kept ? sendKeptJson(reply, kept, () => envelope(requirements), mineAnswer) : envelope(requirements);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/TrainingRequirements/Report',
    guard: scoped('training-requirements.report', "the broker's offices' members, the association's, or the MLS's", mayReadReport),
    summary: 'Members with their state per requirement and counts; officeId narrows (another office is 403), overdue filters; format=csv',
    tags,
    query: requirementsReportQuerySchema,
    response: reportAnswer,
    handler: async ({ viewer, query, reply }) => {
      const kept = await reads.report(viewer, query);
      if (query.format !== 'csv') return sendKeptJson(reply, kept, () => envelope([kept.report]), reportAnswer);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="required-training.csv"')
        .header('cache-control', 'no-store')
        .send(reportCsv(kept.report));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/TrainingClass/:id/Roster',
    guard: can('training-requirements.roster', classOfPath, canMarkClass, { allow: mayManageRequirements }),
    summary: 'A class’s registrations with their attendance (staff of the class’s association, or MLS staff)',
    tags,
    params: idParamSchema,
    response: envelopeSchema(rosterSchema),
    handler: async ({ db, row }) => envelope([await readRoster(db, row)]),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/TrainingClass/:id/Attendance',
    guard: can('training-requirements.attendance', classOfPath, canMarkClass, { allow: mayManageRequirements }),
    summary: 'Marks registrations attended (records completions, lifts met holds at once) or not (takes them back)',
    tags,
    params: idParamSchema,
    body: attendanceSchema,
    response: envelopeSchema(rosterSchema),
    handler: async ({ db, viewer, row, body }) => {
      const { roster, marked } = await markAttendance(db, viewer, row, body, zone);
      return envelope([roster], M.attendanceSaved(marked));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/TrainingCompletions/:id/Certificate',
    guard: can('training-requirements.certificate', completionOfPath),
    summary: 'The certificate (PDF) of a Portico class the member completed',
    tags,
    params: idParamSchema,
    handler: async ({ row, reply }) => {
      const pdf = await certificatePdf({
        memberName: row.member_name,
        courseName: row.course_name,
        courseNumber: row.course_number,
        hours: Number(row.hours),
        completedOn: row.completed_on,
        association: row.aor_name,
        id: row.id,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="certificate-${row.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  });
}
