import {
  attendeeQuerySchema,
  classRequestQuerySchema,
  classRequestSchema,
  classRequestViewSchema,
  envelope,
  envelopeSchema,
  expandedQuerySchema,
  idParamSchema,
  querySchema,
  registerSchema,
  TRAINING_MESSAGES,
  trainingAttendeeSchema,
  trainingClassSchema,
  trainingSubjectSchema,
  trainingTopicSchema,
  unregisterQuerySchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors';
import { can, member, scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { presentClassRequest } from './presenter';
import {
  cancelClassRequest,
  createClassRequest,
  expandedClass,
  ownClassRequest,
  queryAttendees,
  queryClasses,
  queryClassRequests,
  register,
  requireSelf,
  trainingSubjects,
  trainingTopics,
  unregister,
  visibleClass,
} from './service';

/** Seed 002 section 7, Training: every member may call these; rows are scoped to what the member may see or own. */
export async function trainingRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['training'];

  route(app, {
    method: 'POST',
    url: '/api/app/TrainingClass/q',
    guard: scoped('training.class.search', "public classes and those of the member's association"),
    summary: "Training classes the member may see (public ones and their association's), at most 100 a page",
    tags,
    body: querySchema,
    response: envelopeSchema(trainingClassSchema),
    handler: async ({ body, viewer, db }) => {
      const page = await queryClasses(db, viewer, body);
      return envelope(page.results, '', page);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/app/subjects',
    guard: member,
    summary: 'Training subjects',
    tags,
    response: envelopeSchema(trainingSubjectSchema),
    handler: async ({ db }) => envelope(await trainingSubjects(db)),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/TrainingTopic/GetAllTrainingTopics',
    guard: member,
    summary: 'Training topics',
    tags,
    response: envelopeSchema(trainingTopicSchema),
    handler: async ({ db }) => envelope(await trainingTopics(db)),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/trainingClass/:id/expanded',
    guard: can('training.class.read', visibleClass),
    summary: 'One class with its instructor, location (geocoded) and topics; a class the member may not see is 404',
    tags,
    params: idParamSchema,
    query: expandedQuerySchema,
    response: envelopeSchema(trainingClassSchema),
    handler: async ({ params, query, db, row }) => {
      if (query.trainingClassId !== undefined && query.trainingClassId !== params.id) {
        throw badRequest('The class is not valid.', [{ field: 'trainingClassId', message: 'Must match the class id of the path' }]);
      }
      return envelope([await expandedClass(db, row.id)]);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/attendee/q',
    guard: scoped('training.attendee.search', "the member's own registrations"),
    summary: "The member's own registrations with their classes (page size 100, by class start); another memberID is 403",
    tags,
    body: attendeeQuerySchema,
    response: envelopeSchema(trainingAttendeeSchema),
    handler: async ({ body, viewer, db }) => {
      const { memberID, ...query } = body;
      requireSelf(viewer, memberID);
      const page = await queryAttendees(db, viewer, query);
      return envelope(page.results, '', page);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/attendee/register',
    guard: member,
    summary: 'Registers the signed-in member (memberId must be theirs); 409 when full or already registered',
    tags,
    body: registerSchema,
    response: envelopeSchema(trainingAttendeeSchema),
    handler: async ({ body, viewer, db }) => {
      requireSelf(viewer, body.memberId);
      return envelope([await register(db, viewer, body.trainingClassId)], TRAINING_MESSAGES.registerSuccess);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/attendee/unregister',
    guard: scoped('training.attendee.unregister', "the member's own registrations"),
    summary: "Unregisters one of the member's own registrations before the class starts",
    tags,
    query: unregisterQuerySchema,
    response: envelopeSchema(trainingAttendeeSchema),
    handler: async ({ query, viewer, db }) => envelope([await unregister(db, viewer, query.id)], TRAINING_MESSAGES.unregisterSuccess),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/classrequest/q',
    guard: scoped('training.request.search', "the member's own course requests"),
    summary: "The member's own course requests (page size 500, by dateTime); another requestedBy is 403",
    tags,
    body: classRequestQuerySchema,
    response: envelopeSchema(classRequestViewSchema),
    handler: async ({ body, viewer, db }) => {
      const { requestedBy, ...query } = body;
      requireSelf(viewer, requestedBy);
      const page = await queryClassRequests(db, viewer, query);
      return envelope(page.rows.map(presentClassRequest), '', page);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/classRequest',
    guard: member,
    summary: 'Requests a course for the signed-in member (requestedBy must be theirs); status New',
    tags,
    describeBody: classRequestSchema,
    response: envelopeSchema(classRequestViewSchema),
    handler: async ({ req, viewer, db }) => envelope([await createClassRequest(db, viewer, req.body)], TRAINING_MESSAGES.requestCreated),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/ClassRequest/:id/Cancel',
    guard: can('training.request.cancel', ownClassRequest),
    summary: "Cancels one of the member's own course requests while New or Approved; 409 otherwise",
    tags,
    params: idParamSchema,
    response: envelopeSchema(classRequestViewSchema),
    handler: async ({ viewer, db, row }) => envelope([await cancelClassRequest(db, viewer, row.id)], TRAINING_MESSAGES.requestCancelled),
  });
}
