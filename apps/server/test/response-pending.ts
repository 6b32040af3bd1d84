/**
 * The `route()` routes that do not state a response contract yet (issue 27 §1, decision 1141). This list only
 * shrinks: `app.routes.test.ts` fails on a route outside it without `response:`, and on one in it that has one.
 */
export const RESPONSE_PENDING: readonly string[] = [];

/** Routes whose 200 answer is not JSON (a file, a CSV, a stream): no contract, and the reason. */
export const RESPONSE_NOT_JSON: Readonly<Record<string, string>> = {
  'GET /api/app/ClearCooperation/Csv': 'a CSV file',
  'GET /api/app/Citations/:id/Files/:fileId': 'the stored file',
  'GET /api/app/FileDownload': 'a media file, as an attachment',
  'GET /api/app/FileGetImage': 'a media image',
  'GET /api/app/Registration/:id/Disclosure': 'the seller disclosure file, as an attachment',
  'GET /files/articles/:aorId/*': 'a published media file',
  'GET /api/app/TrainingRequirements/:id/NarExport': 'a CSV file',
  'GET /api/app/TrainingCompletions/:id/Certificate': 'a PDF certificate',
  'GET /api/app/TrainingCertificates/:id/File': 'the certificate file, as an attachment',
  'GET /api/app/Feed/Imports/:id/Refused': 'the rows an import refused, as a CSV file',
  'GET /api/app/AdFrame': 'the HTML document ad templates run in',
  'GET /api/app/Events': 'the live updates, as a text/event-stream',
  'GET /api/app/ApplicationUsage/Csv': 'the usage figures, as a CSV file',
  'GET /api/app/StaffAudit/Export': 'the staff audit trail, as a CSV file',
  'GET /api/app/Reports/Evidence/:id': 'an evidence file of a report (an image or a PDF), as an attachment',
};
