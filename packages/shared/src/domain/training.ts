import { TRAINING } from './training-constants';
import { TRAINING_MESSAGES } from './training-messages';

/** What the register button shows and does (seed 002 section 4). */
export interface RegisterButtonState {
  label: string;
  action: 'register' | 'unregister' | null;
  disabled: boolean;
}

/** Only the fields the rule reads, so that list rows and expanded classes both fit. */
export interface RegisterButtonInput {
  startTime: string;
  seatsAvailable: number;
}

export interface AttendeeState {
  wasPresent: boolean;
  unRegisteredOn: string | null;
}

/**
 * No record or unregistered: Register (disabled "Class Full" at 0 seats). Registered and in the future: Unregister.
 * A class that has started is in the past: disabled Attended (wasPresent) or Did Not Attend for a member who was
 * registered; Class Ended for one who never registered or unregistered (decision 0955).
 */
export function registerButtonState(cls: RegisterButtonInput, attendee: AttendeeState | null, now: Date = new Date()): RegisterButtonState {
  const isPast = Date.parse(cls.startTime) <= now.getTime();
  const isRegistered = !!attendee && attendee.unRegisteredOn === null;
  if (isPast) {
    if (!isRegistered) return { label: TRAINING_MESSAGES.classEnded, action: null, disabled: true };
    return { label: attendee.wasPresent ? TRAINING_MESSAGES.attended : TRAINING_MESSAGES.didNotAttend, action: null, disabled: true };
  }
  if (isRegistered) return { label: TRAINING_MESSAGES.unregister, action: 'unregister', disabled: false };
  if (cls.seatsAvailable <= 0) return { label: TRAINING_MESSAGES.classFull, action: null, disabled: true };
  return { label: TRAINING_MESSAGES.register, action: 'register', disabled: false };
}

/** 1 New, 2 Approved, 3 Scheduled, 4 Cancelled; no status (or an unknown one) shows "None". */
export function requestStatusLabel(status: number | null | undefined): string {
  return (status != null && TRAINING.requestStatuses[status]) || TRAINING_MESSAGES.none;
}

/** A member may cancel only a New or Approved request. */
export function canCancelRequest(status: number | null | undefined): boolean {
  return status != null && TRAINING.cancellableStatuses.includes(status);
}

export function isVirtualClass(cls: { presentationType: string }): boolean {
  return cls.presentationType.trim().toLowerCase() === TRAINING.virtual.toLowerCase();
}

/** Directions only when there is a location with an address and the class is not virtual. */
export function hasDirections(cls: { presentationType: string; location: { address: string } | null }): boolean {
  return !!cls.location?.address?.trim() && !isVirtualClass(cls);
}

export type AttachmentKind = 'pdf' | 'word' | 'excel' | 'csv' | 'powerpoint' | 'text' | 'image' | 'file';

const KIND_BY_EXTENSION: Record<string, AttachmentKind> = {
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  xls: 'excel',
  xlsx: 'excel',
  csv: 'csv',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  txt: 'text',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
};

/** The attachment icon by the file extension of the URL's path (query and fragment ignored). */
export function attachmentKind(url: string): AttachmentKind {
  const path = url.split(/[?#]/)[0] ?? '';
  const name = path.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  if (dot < 0) return 'file';
  return KIND_BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? 'file';
}

/** Initials for the generated avatar of an instructor without a photo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  return (words.length === 1 ? words[0].slice(0, 2) : `${words[0][0]}${words[words.length - 1][0]}`).toUpperCase();
}

/** A directions link on a public maps site for an address. */
export function directionsUrl(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

/** The subject and topic filters above the Training tabs; null is "all". */
export interface ClassFilter {
  subjectId: number | null;
  topicId: number | null;
}

/** A class matches when one of its topics is that topic and of that subject; no filter matches every class. */
export function classMatchesFilter(
  cls: { trainingTopics: Array<{ trainingTopic: { id: number; trainingSubjectId: number } }> },
  filter: ClassFilter,
): boolean {
  if (filter.subjectId === null && filter.topicId === null) return true;
  return cls.trainingTopics.some(
    ({ trainingTopic: t }) =>
      (filter.topicId === null || t.id === filter.topicId) && (filter.subjectId === null || t.trainingSubjectId === filter.subjectId),
  );
}
