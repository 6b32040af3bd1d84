import { classRequestFormSchema, requestDateProblem, requestSlotsOn } from '@portico/shared';
import { zodFormErrors } from '../../core/forms';

/** The Request a Course form: the topic's name, the details, a date ('YYYY-MM-DD') and a time ('HH:mm'). */
export interface RequestFormValues {
  topic: string;
  comments: string;
  date: string | null;
  time: string | null;
}

export const EMPTY_REQUEST: RequestFormValues = { topic: '', comments: '', date: null, time: null };

/** The wall-clock text the API carries, or '' until both a date and a time are picked. */
export const dateTimeOf = (v: RequestFormValues) => (v.date && v.time ? `${v.date}T${v.time}:00` : '');

/**
 * The form's problems by field: the shared schema's messages, then the date rules of seed 002 section 5, on the wall
 * clock of the MLS's zone (decision 0969), the same rule the server applies.
 */
export function validateRequestForm(values: RequestFormValues, now: Date, zone: string): Record<string, string> {
  const dateTime = dateTimeOf(values);
  const errors = zodFormErrors(classRequestFormSchema, { topic: values.topic, comments: values.comments, dateTime });
  if (!errors.dateTime) {
    const problem = requestDateProblem(dateTime, zone, now);
    if (problem) errors.dateTime = problem;
  }
  return errors;
}

/** The times offered on a date: the 30-minute steps of the MLS's zone, from the earliest allowed one. */
export function timeSlotsFor(date: string | null, now: Date, zone: string): string[] {
  return date ? requestSlotsOn(date, zone, now) : [];
}
