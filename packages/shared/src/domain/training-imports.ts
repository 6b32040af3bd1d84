/**
 * Outside completions by CSV import and the NAR ethics export (issue 31 section 2, decision 1150): the headers read,
 * the row reasons, the export's columns and member codes.
 */

/** The headers the import reads, by the name they are matched under (case, spaces and punctuation ignored). */
export const TRAINING_IMPORT_HEADERS = {
  mlsId: ['mlsid', 'membermlsid', 'agentid'],
  nrdsId: ['nrdsid', 'nrds', 'membernationalassociationid'],
  courseNumber: ['coursenumber', 'course', 'courseid'],
  courseName: ['coursename', 'title'],
  hours: ['hours', 'credithours', 'cehours'],
  date: ['date', 'completedon', 'completiondate'],
} as const;

/** What the staff member is shown as the file's header row. */
export const TRAINING_IMPORT_EXAMPLE = 'MLS ID,NRDS ID,Course number,Hours,Date';

export const TRAINING_IMPORT_MESSAGES = {
  fileRequired: 'Choose a CSV file.',
  tooLarge: 'The file is larger than 1 MB.',
  malformed: (detail: string) => `The file is not a readable CSV: ${detail}`,
  empty: 'The file has no data rows.',
  tooManyRows: 'At most 5,000 rows a file.',
  missingHeaders: (names: string[]) => `The header row lacks ${names.join(', ')}.`,
  memberRequired: 'Give the member’s MLS ID or NRDS ID.',
  unknownMember: 'No member has this MLS ID or NRDS ID.',
  outOfScope: 'This member is not of your association.',
  courseRequired: 'Give the course number.',
  unknownCourse: 'No requirement counts this course number.',
  badHours: 'Hours are a positive number, at most 40.',
  badDate: 'The date is not a day (YYYY-MM-DD or MM/DD/YYYY).',
  futureDate: 'The date is in the future.',
  alreadyRecorded: 'Already recorded.',
  twiceInFile: 'The same completion is on an earlier line.',
  fieldCount: (got: number, want: number) => `${got} fields where the header has ${want}.`,
  previewed: (n: number) => `${n} ${n === 1 ? 'completion' : 'completions'} to record.`,
  recorded: (n: number) => `${n} ${n === 1 ? 'completion' : 'completions'} recorded.`,
  courseNameRequired: 'Enter the course’s name (at most 200 characters).',
  courseNumberFormat: 'A course number has 1 to 40 letters, digits, dots or dashes.',
  certificateFileRequired: 'Attach the certificate: a PDF or an image.',
  fileWrongType: 'The certificate is a PDF or an image (JPEG, PNG, WebP, HEIC or TIFF).',
  fileTooLarge: 'The certificate is larger than 10 MB.',
  sendAsMultipart: 'Send the certificate as a form: the field certificate, then the file.',
  reasonRequired: 'Say why the certificate is rejected.',
  reasonLength: 'A reason has at most 500 characters.',
  certificateNotFound: 'That certificate was not found.',
  alreadyDecided: 'This certificate was decided already.',
  submitted: 'Certificate submitted: staff will review it.',
  approved: (name: string) => `Certificate approved: ${name} is recorded.`,
  rejected: 'Certificate rejected; the member is told why.',
  approvedSubject: (course: string) => `Certificate approved: ${course}`,
  approvedBody: (course: string) => `Your certificate for ${course} was approved and counts toward your requirements.`,
  rejectedSubject: (course: string) => `Certificate not accepted: ${course}`,
  rejectedBody: (course: string, reason: string) => `Your certificate for ${course} was not accepted: ${reason}`,
  statusLabel: { pending: 'Waiting for review', approved: 'Approved', rejected: 'Rejected' },
  notACycle: 'The NAR export is of a requirement with a fixed cycle.',
} as const;

/** The NAR export's member code: N for a member who joined during the cycle, E for one who was a member before it. */
export const NAR_MEMBER_CODES = { newMember: 'N', existingMember: 'E' } as const;

/** Whether a member is new to the cycle: their access started on or after the cycle's first day (decision 1150). */
export const narMemberCode = (joinedOn: string, cycleStart: string) =>
  joinedOn >= cycleStart ? NAR_MEMBER_CODES.newMember : NAR_MEMBER_CODES.existingMember;

/** A certificate's file: at most 10 MB. */
export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;

export const NAR_EXPORT_HEADERS = ['NRDS ID', 'Member', 'Course Number', 'Cycle', 'Completion Date', 'Hours', 'Member Code'] as const;
