import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  certificateSubmissionSchema,
  DISCLOSURE_TYPES,
  type DisclosureType,
  ERROR_REASONS,
  isDisclosureType,
  TRAINING_IMPORT_MESSAGES as M,
  type OutsideCertificate,
  todayIn,
  type Viewer,
} from '@portico/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/index';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import type { Mailer } from '../../lib/mailer';
import { refuseUnsafeText } from '../../lib/route';
import {
  type CheckedFile,
  isMissing,
  keepCheckedUpload,
  keptFileName,
  locateCertificateFile,
  type MediaStorage,
  removeQuietly,
} from '../media/index';
import { createNotifications } from '../notifications/index';
import {
  type CertificateRow,
  certificateQueue,
  certificatesOfMember,
  decideCertificate,
  findCertificate,
  insertCertificate,
  recordOutsideCompletion,
} from './certificate-repository';
import { requiredTrainingCampaignType } from './repository';
import { syncMembers } from './status';

type Submission = z.output<typeof certificateSubmissionSchema>;
const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);
const rules = {
  accepts: isDisclosureType,
  wrongType: () => fieldError('file', M.fileWrongType),
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', M.fileTooLarge, [{ field: 'file', message: M.fileTooLarge }]),
};

/** Staff who decide a member's certificate: MLS staff any member's, association staff their association's members'. */
export const canDecideCertificate = (viewer: Viewer, row: Pick<CertificateRow, 'member_aor_id'>) =>
  viewer.level === 5 || (viewer.level === 4 && row.member_aor_id !== null && row.member_aor_id === viewer.aorId);

export function presentCertificate(r: CertificateRow): OutsideCertificate {
  return {
    id: r.id,
    memberId: r.member_id,
    memberName: r.member_name,
    courseName: r.course_name,
    courseNumber: r.course_number,
    hours: Number(r.hours),
    completedOn: r.completed_on,
    fileName: r.file_name,
    status: r.status,
    reason: r.reason,
    submittedOn: new Date(r.submitted_on).toISOString(),
    decidedOn: r.decided_on ? new Date(r.decided_on).toISOString() : null,
  };
}

/** The certificate of the path: the member's own or one staff may decide; anyone else a 404, as one not there. */
export const certificateOfPath = rowLoader<CertificateRow, { params: { id: number } }>(
  'certificate (the member’s own, or of the staff member’s members)',
  M.certificateNotFound,
  async ({ db, viewer, params }) => {
    const row = await findCertificate(db, params.id);
    return row && (row.member_id === viewer.memberId || canDecideCertificate(viewer, row)) ? row : null;
  },
);

function readSubmission(raw: unknown, zone: string): Submission {
  let json: unknown;
  try {
    json = JSON.parse(String(raw ?? ''));
  } catch {
    throw fieldError('certificate', M.sendAsMultipart);
  }
  refuseUnsafeText({ certificate: json });
  const s = certificateSubmissionSchema.parse(json);
  if (s.completedOn > todayIn(zone)) throw fieldError('completedOn', M.futureDate);
  return s;
}

/**
 * A member submits an outside certificate: the JSON part `certificate` first, then the file (its type read from its
 * bytes: a PDF or an image, at most 10 MB), kept through the media storage; a failure leaves no file behind.
 */
export async function submitCertificate(
  db: Db,
  storage: MediaStorage,
  viewer: Viewer,
  parts: AsyncIterableIterator<MultipartFile | { type: 'field'; fieldname: string; value: unknown }>,
  zone: string,
): Promise<OutsideCertificate> {
  let kept: (CheckedFile & { fileName: string }) | null = null;
  try {
    let submission: Submission | null = null;
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'certificate' && !submission) submission = readSubmission(part.value, zone);
        continue;
      }
      const file = part as MultipartFile;
      if (!submission) throw fieldError('certificate', M.sendAsMultipart);
      if (file.fieldname !== 'file' || kept) throw fieldError('file', M.fileWrongType);
      const checked = await keepCheckedUpload(storage, locateCertificateFile(viewer.memberId, randomUUID()), file, rules);
      kept = {
        ...checked,
        fileName: keptFileName(file.filename, DISCLOSURE_TYPES[checked.contentType as DisclosureType], 'certificate', 120),
      };
    }
    if (!submission) throw fieldError('certificate', M.sendAsMultipart);
    if (!kept) throw fieldError('file', M.certificateFileRequired);
    const id = await insertCertificate(db, {
      memberId: viewer.memberId,
      ...submission,
      fileName: kept.fileName,
      contentType: kept.contentType,
      size: kept.size,
      storagePath: kept.at.rel,
    });
    return presentCertificate((await findCertificate(db, id)) as CertificateRow);
  } catch (error) {
    if (kept) await removeQuietly(storage, [kept]);
    throw error;
  }
}

export async function myCertificates(q: Queryable, viewer: Viewer): Promise<OutsideCertificate[]> {
  return (await certificatesOfMember(q, viewer.memberId)).map(presentCertificate);
}

export async function readCertificateQueue(q: Queryable, viewer: Viewer, status: string): Promise<OutsideCertificate[]> {
  return (await certificateQueue(q, status, viewer.level === 5 ? null : (viewer.aorId ?? -1))).map(presentCertificate);
}

export async function certificateFile(storage: MediaStorage, row: CertificateRow): Promise<Readable> {
  try {
    return await storage.read(locateCertificateFile(row.member_id, row.storage_path.slice(1)));
  } catch (error) {
    if (isMissing(error)) throw new AppError('NOT_FOUND', M.certificateNotFound);
    throw error;
  }
}

async function tell(q: Queryable, mailer: Mailer, row: CertificateRow, subject: string, body: string) {
  const type = await requiredTrainingCampaignType(q);
  await createNotifications(q, [
    { memberId: row.member_id, campaignTypeId: type?.id ?? 1, subject, body, priority: 1, isRead: false, createdOn: new Date() },
  ]);
  if (row.member_email) await mailer.queue(q, { to: row.member_email, subject, text: body });
}

/** Locks a pending certificate for a decision; one decided already is a 409 (two staff at once: the second). */
async function pending(q: Queryable, id: number): Promise<CertificateRow> {
  const row = await findCertificate(q, id, true);
  if (!row) throw new AppError('NOT_FOUND', M.certificateNotFound);
  if (row.status !== 'pending') throw conflict(ERROR_REASONS.certificateDecided, M.alreadyDecided);
  return row;
}

/**
 * Approves a certificate in one transaction: it becomes a completion (on the outside key, so one already imported is
 * not counted twice), the member's training holds follow at once, and the member is notified and mailed.
 */
export async function approveCertificate(db: Db, mailer: Mailer, viewer: Viewer, id: number, zone: string) {
  return db.tx(async (q) => {
    const row = await pending(q, id);
    const completionId = await recordOutsideCompletion(q, {
      memberId: row.member_id,
      courseNumber: row.course_number,
      courseName: row.course_name,
      hours: row.hours,
      completedOn: row.completed_on,
      aorId: row.member_aor_id,
      by: viewer.memberId,
    });
    await decideCertificate(q, id, { status: 'approved', reason: null, completionId, by: viewer.memberId });
    await syncMembers(q, [row.member_id], zone, viewer.memberId);
    await tell(q, mailer, row, M.approvedSubject(row.course_name), M.approvedBody(row.course_name));
    return presentCertificate((await findCertificate(q, id)) as CertificateRow);
  });
}

/** Rejects a certificate with the reason the member reads in the notification and the mail. */
export async function rejectCertificate(db: Db, mailer: Mailer, viewer: Viewer, id: number, reason: string) {
  return db.tx(async (q) => {
    const row = await pending(q, id);
    await decideCertificate(q, id, { status: 'rejected', reason, completionId: null, by: viewer.memberId });
    await tell(q, mailer, row, M.rejectedSubject(row.course_name), M.rejectedBody(row.course_name, reason));
    return presentCertificate((await findCertificate(q, id)) as CertificateRow);
  });
}
