import { classRequestFormSchema, earliestRequestDate, requestDateProblem, requestTimeSlots, toWallClock } from '@portico/shared';
import dayjs from 'dayjs';
import { zodFormErrors } from '../../app/forms';

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

/** The form's problems by field: the shared schema's messages, then the date rules of seed 002 section 5. */
export function validateRequestForm(values: RequestFormValues, now: Date): Record<string, string> {
  const dateTime = dateTimeOf(values);
  const errors = zodFormErrors(classRequestFormSchema, { topic: values.topic, comments: values.comments, dateTime });
  if (!errors.dateTime) {
    const problem = requestDateProblem(dateTime, now);
    if (problem) errors.dateTime = problem;
  }
  return errors;
}

/** The times offered on a date: the 30-minute steps, from the earliest allowed time on the earliest day. */
export function timeSlotsFor(date: string | null, now: Date): string[] {
  const earliest = earliestRequestDate(now);
  if (date !== dayjs(earliest).format('YYYY-MM-DD')) return requestTimeSlots();
  return requestTimeSlots().filter((t) => `${date}T${t}:00` >= toWallClock(earliest));
}
