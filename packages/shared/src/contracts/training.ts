import { z } from 'zod';
import { TRAINING } from '../domain/training-constants';
import { TRAINING_MESSAGES } from '../domain/training-messages';
import { querySchema } from './common';
import { id, isDateTime } from './input';

/** Seed 002 section 3: a subject groups topics. */
export const trainingSubjectSchema = z.object({ id: z.number(), name: z.string() });
export type TrainingSubject = z.infer<typeof trainingSubjectSchema>;

/** A topic of a class (the topic card) and of a course request. */
export const trainingTopicSchema = z.object({
  id: z.number(),
  name: z.string(),
  trainingSubjectId: z.number(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  videoUrl: z.string().nullable(),
  attachmentUrl: z.string().nullable(),
});
export type TrainingTopic = z.infer<typeof trainingTopicSchema>;

/** The class location; latitude/longitude only on the expanded call (geocoded; null when geocoding failed). */
export const trainingLocationSchema = z.object({
  name: z.string(),
  address: z.string(),
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
});
export type TrainingLocation = z.infer<typeof trainingLocationSchema>;

export const trainingInstructorSchema = z.object({
  name: z.string(),
  photoURL: z.string().nullable(),
  color: z.string().nullable(),
  notes: z.string().nullable(),
});
export type TrainingInstructor = z.infer<typeof trainingInstructorSchema>;

/** Training class (expanded), seed 002 section 3. */
export const trainingClassSchema = z.object({
  id: z.number(),
  className: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number(),
  seatsAvailable: z.number(),
  isPublic: z.boolean(),
  imageURL: z.string().nullable(),
  location: trainingLocationSchema.nullable(),
  presentationType: z.string(),
  instructor: trainingInstructorSchema,
  aor: z.object({ name: z.string() }).nullable(),
  trainingTopics: z.array(z.object({ trainingTopic: trainingTopicSchema })),
});
export type TrainingClass = z.infer<typeof trainingClassSchema>;

/** A member's registration; unRegisteredOn is set once they unregister (the row is kept). */
export const trainingAttendeeSchema = z.object({
  id: z.number(),
  memberID: z.number(),
  trainingClassId: z.number(),
  trainingClass: trainingClassSchema,
  wasPresent: z.boolean(),
  unRegisteredOn: z.string().nullable(),
});
export type TrainingAttendee = z.infer<typeof trainingAttendeeSchema>;

/** A course request; dateTime is the requested wall-clock time 'YYYY-MM-DDTHH:mm:ss' (no zone). */
export const classRequestViewSchema = z.object({
  id: z.number(),
  requestedBy: z.number(),
  trainingTopicId: z.number(),
  trainingTopic: z.object({ name: z.string() }),
  comments: z.string(),
  dateTime: z.string(),
  requestStatus: z.number().nullable(),
});
export type ClassRequest = z.infer<typeof classRequestViewSchema>;

const memberIdField = id();

/** `POST api/app/attendee/register`. */
export const registerSchema = z.object({ memberId: memberIdField, trainingClassId: id() });
export type RegisterRequest = z.input<typeof registerSchema>;

/** `PUT api/app/attendee/unregister?id={id}`. */
export const unregisterQuerySchema = z.object({ id: id() });

/** `GET api/app/trainingClass/{id}/expanded?trainingClassId={id}`. */
export const expandedQuerySchema = z.object({ trainingClassId: id().optional() });

/** `POST api/app/attendee/q`: the query language plus the member it is for (only ever the signed-in member). */
export const attendeeQuerySchema = querySchema.extend({ memberID: memberIdField.optional() });
/** `POST api/app/classrequest/q`. */
export const classRequestQuerySchema = querySchema.extend({ requestedBy: memberIdField.optional() });

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

const dateTimeField = z
  .string({ error: TRAINING_MESSAGES.dateRequired })
  .min(1, { message: TRAINING_MESSAGES.dateRequired, abort: true })
  .refine((s) => WALL_CLOCK.test(s) && isDateTime(s), TRAINING_MESSAGES.invalidDate);

const commentsField = z
  .string({ error: TRAINING_MESSAGES.detailsRequired })
  .trim()
  .min(1, TRAINING_MESSAGES.detailsRequired)
  .max(TRAINING.commentsMax, TRAINING_MESSAGES.detailsTooLong);

/** The Request a Course form (seed 002 section 5): the topic's name, the details and the date. */
export const classRequestFormSchema = z.object({
  topic: z
    .string({ error: TRAINING_MESSAGES.topicRequired })
    .trim()
    .min(1, { message: TRAINING_MESSAGES.topicRequired, abort: true })
    .min(TRAINING.topicMin, TRAINING_MESSAGES.topicLength)
    .max(TRAINING.topicMax, TRAINING_MESSAGES.topicLength),
  comments: commentsField,
  dateTime: dateTimeField,
});
export type ClassRequestForm = z.input<typeof classRequestFormSchema>;

/** `POST api/app/classRequest`: requestedBy, trainingTopicId, comments, dateTime. */
export const classRequestSchema = z.object({
  requestedBy: memberIdField,
  trainingTopicId: id(TRAINING_MESSAGES.topicRequired),
  comments: commentsField,
  dateTime: dateTimeField,
});
export type ClassRequestPayload = z.input<typeof classRequestSchema>;
