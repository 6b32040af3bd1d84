import { type ClassFilter, classMatchesFilter, type QueryRequest, TRAINING, type TrainingClass } from '@portico/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useMember } from '../../../core/member';
import { trainingApi, trainingKeys } from '../api';

/** The list's query (seed 002 section 7): up to 100 future classes, newest start first. */
export function futureClassesQuery(now = new Date()): QueryRequest {
  return {
    pageId: 1,
    pageSize: TRAINING.classQueryMax,
    criteria: [{ field: 'startTime', op: 'GreaterThan', values: [now.toISOString()] }],
    orderBy: [{ field: 'startTime', direction: 'desc' }],
  };
}

/** The classes that start within a range (the calendar's visible dates). */
export function rangeQuery(start: Date, end: Date): QueryRequest {
  return {
    pageId: 1,
    pageSize: TRAINING.classQueryMax,
    criteria: [
      { field: 'startTime', op: 'GreaterThanOrEqual', values: [start.toISOString()] },
      { field: 'startTime', op: 'LessThan', values: [end.toISOString()] },
    ],
    orderBy: [{ field: 'startTime', direction: 'asc' }],
  };
}

export function useClasses(query: QueryRequest | null) {
  return useQuery({
    queryKey: trainingKeys.classes(query ?? {}),
    enabled: !!query,
    queryFn: ({ signal }) => trainingApi.classes(query!, signal),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

export function useSubjects() {
  return useQuery({ queryKey: trainingKeys.subjects, queryFn: ({ signal }) => trainingApi.subjects(signal), staleTime: 10 * 60_000 });
}

export function useTopics() {
  return useQuery({ queryKey: trainingKeys.topics, queryFn: ({ signal }) => trainingApi.topics(signal), staleTime: 10 * 60_000 });
}

export function useClass(id: number) {
  return useQuery({ queryKey: trainingKeys.expanded(id), queryFn: ({ signal }) => trainingApi.expanded(id, signal), enabled: id > 0 });
}

/** The member's registrations, newest state; the register button reads the live one of a class here. */
export function useMyAttendees() {
  const { viewer } = useMember();
  return useQuery({
    queryKey: trainingKeys.attendees(viewer.memberId),
    queryFn: ({ signal }) => trainingApi.attendees(viewer.memberId, signal),
  });
}

export function useMyRequests() {
  const { viewer } = useMember();
  return useQuery({
    queryKey: trainingKeys.requests(viewer.memberId),
    queryFn: ({ signal }) => trainingApi.requests(viewer.memberId, signal),
  });
}

export function useFiltered(classes: TrainingClass[] | undefined, filter: ClassFilter): TrainingClass[] {
  return useMemo(() => (classes ?? []).filter((c) => classMatchesFilter(c, filter)), [classes, filter]);
}
