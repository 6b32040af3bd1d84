import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  DISCLOSURE_TYPES,
  isDisclosureType,
  CITATION_LIMITS as L,
  CITATION_MESSAGES as M,
  ERROR_REASONS as R,
  type Viewer,
} from '@portico/shared';
import type { Db } from '../../db/index';
import { AppError, badRequest, conflict } from '../../lib/errors';
import {
  isMissing,
  keepCheckedUpload,
  keptFileName,
  locateCitationFile,
  type MediaStorage,
  removeQuietly,
  type UploadRules,
} from '../media/index';
import { actsAsStaff, isCitedMember } from './policy';
import { abilitiesOf } from './presenter';
import { type CitationRow, countFiles, type FileRow, findFile, insertFile } from './repository';

const FIELD = 'file';
const fieldError = (message: string) => [{ field: FIELD, message }];
const rules: UploadRules = {
  accepts: isDisclosureType,
  wrongType: () => badRequest(M.fileWrongType, fieldError(M.fileWrongType)),
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', M.fileTooLarge, fieldError(M.fileTooLarge)),
};

/** The name kept for the download: the last segment in plain characters, with the content's extension. */
export function citationFileName(given: string | undefined, extension: string): string {
  return keptFileName(given, extension, 'evidence', 120);
}

/**
 * Attaches a file to an open citation: staff's evidence, or the cited member's with a correction or an appeal. Written
 * aside through the media storage (disk or S3), its type read from its first bytes (a PDF or an image), at most 10 MB;
 * a failure leaves no file behind.
 */
export async function attachFile(
  db: Db,
  storage: MediaStorage,
  viewer: Viewer,
  row: CitationRow,
  nextPart: () => Promise<MultipartFile | undefined>,
) {
  const isStaff = actsAsStaff(viewer, row);
  if (!abilitiesOf(row, { isStaff, isCited: isCitedMember(viewer, row) }, new Date()).canAttach)
    throw conflict(R.citationNotAllowed, M.notAllowed(row.state));
  const side = isStaff ? 'staff' : 'member';
  if ((await countFiles(db, row.id, side)) >= L.maxFiles) throw badRequest(M.tooManyFiles, fieldError(M.tooManyFiles));
  const part = await nextPart();
  if (!part || part.fieldname !== FIELD) throw badRequest(M.fileRequired, fieldError(M.fileRequired));
  const kept = await keepCheckedUpload(storage, locateCitationFile(row.id, randomUUID()), part, rules);
  try {
    const contentType = kept.contentType as keyof typeof DISCLOSURE_TYPES;
    const fileName = citationFileName(part.filename, DISCLOSURE_TYPES[contentType]);
    await insertFile(db, {
      citationId: row.id,
      side,
      fileName,
      contentType,
      size: kept.size,
      storagePath: kept.at.rel,
      by: viewer.memberId,
    });
  } catch (error) {
    await removeQuietly(storage, [kept]);
    throw error;
  }
}

export async function fileToSend(
  db: Db,
  storage: MediaStorage,
  row: CitationRow,
  fileId: number,
): Promise<{ file: FileRow; body: Readable }> {
  const file = await findFile(db, row.id, fileId);
  if (!file) throw new AppError('NOT_FOUND', M.fileNotFound);
  try {
    return { file, body: await storage.read(locateCitationFile(row.id, file.storage_path.slice(1))) };
  } catch (error) {
    if (isMissing(error)) throw new AppError('NOT_FOUND', M.fileNotFound);
    throw error;
  }
}
