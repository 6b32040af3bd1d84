import { z } from 'zod';
import { TRAINING } from '../domain/training-constants';
import { TRAINING_MESSAGES } from '../domain/training-messages';
import { querySchema } from './common';
import { id, isDateTime } from './input';

/** Seed 002 section 3: a subject groups topics. */
export interface TrainingSubject {
  id: number;
  name: string;
}

/** A topic of a class (the topic card) and of a course request. */
export interface TrainingTopic {
  id: number;
  name: string;
  trainingSubjectId: number;
  description: string | null;
  notes: string | null;
  videoUrl: string | null;
  attachmentUrl: string | null;
}

/** The class location; latitude/longitude only on the expanded call (geocoded; null when geocoding failed). */
export interface TrainingLocation {
  name: string;
  address: string;
  latitude?: number | null;
  longitude?: number | null;
}

export interface TrainingInstructor {
  name: string;
  photoURL: string | null;
  color: string | null;
  notes: string | null;
}

/** Training class (expanded), seed 002 section 3. */
export interface TrainingClass {
  id: number;
  className: string;
  startTime: string;
  endTime: string;
  capacity: number;
  seatsAvailable: number;
  isPublic: boolean;
  imageURL: string | null;
  location: TrainingLocation | null;
  presentationType: string;
  instructor: TrainingInstructor;
  aor: { name: string } | null;
  trainingTopics: Array<{ trainingTopic: TrainingTopic }>;
}

/** A member's registration; unRegisteredOn is set once they unregister (the row is kept). */
export interface TrainingAttendee {
  id: number;
  memberID: number;
  trainingClassId: number;
  trainingClass: TrainingClass;
  wasPresent: boolean;
  unRegisteredOn: string | null;
}

/** A course request; dateTime is the requested wall-clock time 'YYYY-MM-DDTHH:mm:ss' (no zone). */
export interface ClassRequest {
  id: number;
  requestedBy: number;
  trainingTopicId: number;
  trainingTopic: { name: string };
  comments: string;
  dateTime: string;
  requestStatus: number | null;
}

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
