import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  DISCLOSURE,
  DISCLOSURE_TYPES,
  EXEMPTION_MESSAGES as E,
  isDisclosureType,
  isRegisteredReadOnly,
  REGISTERED_MESSAGES as M,
  ERROR_REASONS as R,
  todayIso,
  type Viewer,
} from '@portico/shared';
import type { Db } from '../../db/index';
import { AppError, badRequest, conflict } from '../../lib/errors';
import {
  isMissing,
  keepCheckedUpload,
  keptFileName,
  locateDisclosure,
  type MediaStorage,
  removeQuietly,
  type UploadRules,
} from '../media/index';
import { insertDisclosure } from './disclosure-repository';
import { scopeOf } from './policy';
import { findVisible, type RegisteredRow } from './repository';
import { getListing, readOnlyFacts } from './service';

const fieldError = (message: string) => [{ field: DISCLOSURE.field, message }];
const rules: UploadRules = {
  accepts: isDisclosureType,
  wrongType: () => badRequest(E.disclosureWrongType, fieldError(E.disclosureWrongType)),
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', E.disclosureTooLarge, fieldError(E.disclosureTooLarge)),
};

/** The member's file name, kept for the download: its last segment, plain characters, the content's extension. */
export function disclosureFileName(given: string | undefined, extension: string): string {
  return keptFileName(given, extension, 'seller-disclosure', DISCLOSURE.maxNameLength);
}

/**
 * Files a seller disclosure (decision 1050): only on a listing the member may see and still change; the bytes are
 * written aside through the media storage (disk or S3, decision 0976), their type read from their first bytes (never
 * from the name), and kept only when they are a PDF or an image of at most 10 MB. The record and the listing's
 * 'filed' mark are one transaction; a failure leaves no file behind. The route's guard loaded the listing as the
 * member sees it.
 */
export async function fileDisclosure(
  db: Db,
  storage: MediaStorage,
  viewer: Viewer,
  row: RegisteredRow,
  nextPart: () => Promise<MultipartFile | undefined>,
) {
  const id = row.id;
  if (isRegisteredReadOnly(readOnlyFacts(row), todayIso(viewer.timeZone))) throw conflict(R.registeredReadOnly, M.readOnly);
  const part = await nextPart();
  if (!part || part.fieldname !== DISCLOSURE.field) throw badRequest(E.disclosureRequired, fieldError(E.disclosureRequired));
  const kept = await keepCheckedUpload(storage, locateDisclosure(id, randomUUID()), part, rules);
  try {
    const contentType = kept.contentType as keyof typeof DISCLOSURE_TYPES;
    const fileName = disclosureFileName(part.filename, DISCLOSURE_TYPES[contentType]);
    await db.tx(async (q) => {
      // Still there and still visible: a listing deleted meanwhile takes no disclosure.
      if (!(await findVisible(q, await scopeOf(q, viewer), id, true))) throw new AppError('NOT_FOUND', M.notVisible);
      await insertDisclosure(q, id, { fileName, contentType, size: kept.size, storagePath: kept.at.rel }, viewer.memberId);
    });
  } catch (error) {
    await removeQuietly(storage, [kept]);
    throw error;
  }
  return getListing(db, viewer, id);
}

/** The latest disclosure of a listing the member sees (loaded by the route's guard), to send; 404 when it has none. */
export async function disclosureToSend(
  storage: MediaStorage,
  row: RegisteredRow,
): Promise<{ fileName: string; contentType: string; size: number; body: Readable }> {
  const id = row.id;
  const file = row.disclosure;
  if (!file) throw new AppError('NOT_FOUND', E.disclosureNotFound);
  try {
    const body = await storage.read(locateDisclosure(id, file.storage_path.slice(1)));
    return { fileName: file.file_name, contentType: file.content_type, size: file.size_bytes, body };
  } catch (error) {
    if (isMissing(error)) throw new AppError('NOT_FOUND', E.disclosureNotFound);
    throw error;
  }
}
