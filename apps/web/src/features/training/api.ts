import type {
  ClassRequest,
  ClassRequestPayload,
  QueryRequest,
  RegisterRequest,
  TrainingAttendee,
  TrainingClass,
  TrainingSubject,
  TrainingTopic,
} from '@portico/shared';
import { TRAINING } from '@portico/shared';
import { apiGet, apiPost, apiPut } from '../../core/api';

/** Seed 002 section 7, the calls of Training, with their exact methods and paths. */
export const trainingApi = {
  classes: async (query: QueryRequest, signal?: AbortSignal) =>
    (await apiPost<TrainingClass>('/api/app/TrainingClass/q', query, signal)).results,
  subjects: async (signal?: AbortSignal) => (await apiGet<TrainingSubject>('/api/app/subjects', signal)).results,
  topics: async (signal?: AbortSignal) => (await apiGet<TrainingTopic>('/api/app/TrainingTopic/GetAllTrainingTopics', signal)).results,
  expanded: async (id: number, signal?: AbortSignal) =>
    (await apiGet<TrainingClass>(`/api/app/trainingClass/${id}/expanded?trainingClassId=${id}`, signal)).results[0] ?? null,
  attendees: async (memberID: number, signal?: AbortSignal) =>
    (
      await apiPost<TrainingAttendee>(
        '/api/app/attendee/q',
        { memberID, pageId: 1, pageSize: TRAINING.attendeePageSize, orderBy: [{ field: 'startTime', direction: 'asc' }] },
        signal,
      )
    ).results,
  register: (body: RegisterRequest) => apiPost<TrainingAttendee>('/api/app/attendee/register', body),
  unregister: (attendeeId: number) => apiPut<TrainingAttendee>(`/api/app/attendee/unregister?id=${attendeeId}`, undefined),
  requests: async (requestedBy: number, signal?: AbortSignal) =>
    (
      await apiPost<ClassRequest>(
        '/api/app/classrequest/q',
        { requestedBy, pageId: 1, pageSize: TRAINING.courseRequestPageSize, orderBy: [{ field: 'dateTime', direction: 'asc' }] },
        signal,
      )
    ).results,
  createRequest: (body: ClassRequestPayload) => apiPost<ClassRequest>('/api/app/classRequest', body),
  cancelRequest: (id: number) => apiPost<ClassRequest>(`/api/app/ClassRequest/${id}/Cancel`, undefined),
};

export const trainingKeys = {
  all: ['training'] as const,
  classes: (query: QueryRequest) => ['training', 'classes', query] as const,
  subjects: ['training', 'subjects'] as const,
  topics: ['training', 'topics'] as const,
  expanded: (id: number) => ['training', 'expanded', id] as const,
  attendees: (memberId: number) => ['training', 'attendees', memberId] as const,
  requests: (memberId: number) => ['training', 'requests', memberId] as const,
};
