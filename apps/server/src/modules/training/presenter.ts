import type { ClassRequest, TrainingAttendee, TrainingClass, TrainingLocation, TrainingTopic } from '@portico/shared';
import type { AttendeeRow, ClassRequestRow, ClassRow, TopicRow } from './repository';

export function presentTopic(t: TopicRow): TrainingTopic {
  return {
    id: t.id,
    name: t.name,
    trainingSubjectId: t.training_subject_id,
    description: t.description,
    notes: t.notes,
    videoUrl: t.video_url,
    attachmentUrl: t.attachment_url,
  };
}

export function presentClass(r: ClassRow, topics: TopicRow[], geo?: { latitude: number; longitude: number } | null): TrainingClass {
  let location: TrainingLocation | null = null;
  if (r.location_name !== null && r.location_address !== null) {
    location = { name: r.location_name, address: r.location_address };
    if (geo !== undefined) Object.assign(location, { latitude: geo?.latitude ?? null, longitude: geo?.longitude ?? null });
  }
  return {
    id: r.id,
    className: r.class_name,
    startTime: r.start_time.toISOString(),
    endTime: r.end_time.toISOString(),
    capacity: r.capacity,
    seatsAvailable: Math.max(0, r.capacity - r.taken),
    isPublic: r.is_public,
    imageURL: r.image_url,
    location,
    presentationType: r.presentation_type,
    instructor: { name: r.instructor_name, photoURL: r.instructor_photo_url, color: r.instructor_color, notes: r.instructor_notes },
    aor: r.aor_name ? { name: r.aor_name } : null,
    trainingTopics: topics.map((t) => ({ trainingTopic: presentTopic(t) })),
  };
}

export function presentAttendee(a: AttendeeRow, trainingClass: TrainingClass): TrainingAttendee {
  return {
    id: a.id,
    memberID: a.member_id,
    trainingClassId: a.training_class_id,
    trainingClass,
    wasPresent: a.was_present,
    unRegisteredOn: a.unregistered_on ? a.unregistered_on.toISOString() : null,
  };
}

export function presentClassRequest(r: ClassRequestRow): ClassRequest {
  return {
    id: r.id,
    requestedBy: r.requested_by,
    trainingTopicId: r.training_topic_id,
    trainingTopic: { name: r.topic_name },
    comments: r.comments,
    dateTime: r.date_time,
    requestStatus: r.request_status,
  };
}
