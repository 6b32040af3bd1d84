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
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/index';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { isMissing, locateDisclosure, type MediaStorage } from '../media/index';
import { insertDisclosure } from './disclosure-repository';
import { scopeOf } from './policy';
import { findVisible, type RegisteredRow } from './repository';
import { getListing, readOnlyFacts } from './service';

/** Enough of a file's first bytes for every signature `file-type` reads (its own `minimumBytes`). */
const HEAD_BYTES = 4100;

const fieldError = (message: string) => [{ field: DISCLOSURE.field, message }];
const wrongType = () => badRequest(E.disclosureWrongType, fieldError(E.disclosureWrongType));
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', E.disclosureTooLarge, fieldError(E.disclosureTooLarge));

/** The member's file name, kept for the download: its last segment, plain characters, the content's extension. */
export function disclosureFileName(given: string | undefined, extension: string): string {
  const last = (given ?? '').split(/[\\/]/).pop() ?? '';
  const stem = last
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9 _()-]+/g, '-')
    .replace(/^[-\s]+|[-\s]+$/g, '')
    .slice(0, DISCLOSURE.maxNameLength);
  return `${stem || 'seller-disclosure'}.${extension}`;
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
  const at = locateDisclosure(id, randomUUID());
  await storage.ensureContainer(at.container);
  const staged = await storage.write(at, part.file);
  let committed = false;
  try {
    if (part.file.truncated) throw tooLarge();
    const head = await staged.head(HEAD_BYTES);
    const type = head.length ? await fileTypeFromBuffer(head) : undefined;
    if (!isDisclosureType(type?.mime)) throw wrongType();
    await staged.commit();
    committed = true;
    const size = (await storage.stat(at))?.size ?? 0;
    const fileName = disclosureFileName(part.filename, DISCLOSURE_TYPES[type.mime]);
    await db.tx(async (q) => {
      // Still there and still visible: a listing deleted meanwhile takes no disclosure.
      if (!(await findVisible(q, await scopeOf(q, viewer), id, true))) throw new AppError('NOT_FOUND', M.notVisible);
      await insertDisclosure(q, id, { fileName, contentType: type.mime, size, storagePath: at.rel }, viewer.memberId);
    });
  } catch (error) {
    if (committed) await storage.remove(at).catch(() => undefined);
    else await staged.discard();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
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
