import type { Readable } from 'node:stream';
import { MEDIA, MEDIA_NAME, MEDIA_MESSAGES as T } from '@portico/shared';
import { badRequest } from '../../lib/errors';

/**
 * The one interface the media manager keeps its files behind (decision 0976): local disk (`disk-storage.ts`, the
 * embedded default) or an S3-compatible bucket (`s3-storage.ts`). Every place is a container (`articles/{aorId}`)
 * and a path inside it whose segments passed the name rule (`locate`), so no adapter ever sees `..` or a separator.
 */
export interface Located {
  /** `articles/{aorId}`. */
  container: string;
  /** Path inside the container, starting with `/` (no trailing slash, '/' for the root). */
  rel: string;
}

export interface MediaStat {
  kind: 'file' | 'folder';
  /** Bytes of a file; 0 for a folder. */
  size: number;
  modified: Date;
  /** When it was made, where the storage knows (disk); otherwise its last change. */
  created: Date;
}

/** A byte range of a file, both ends included (as HTTP ranges are). */
export interface ByteRange {
  start: number;
  end: number;
}

/** An upload written aside: invisible until `commit`, gone after `discard`. */
export interface StagedUpload {
  /** The first bytes of what was written (to check an image's signature before it is kept). */
  head(bytes: number): Promise<Buffer>;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export interface MediaStorage {
  /** Makes the container's root folder when it is missing. */
  ensureContainer(container: string): Promise<void>;
  /** What is at a place, or null when nothing is; refuses (400) what it must not follow, such as a link on disk. */
  stat(at: Located): Promise<MediaStat | null>;
  /** The files and folders directly in a folder that exists, by name (names outside the rule are left out). */
  list(folder: Located): Promise<Array<{ name: string; stat: MediaStat }>>;
  /** Makes a folder (and any missing one above it). */
  makeFolder(at: Located): Promise<void>;
  /** Moves a file, or a folder with everything under it, to a place where nothing is. */
  rename(from: Located, to: Located): Promise<void>;
  /** Removes a file, or a folder with everything under it. */
  remove(at: Located): Promise<void>;
  /** Writes a stream aside; nothing shows at `at` before `commit`, and a failed write leaves nothing. */
  write(at: Located, source: NodeJS.ReadableStream): Promise<StagedUpload>;
  /** The first bytes of a file. */
  head(at: Located, bytes: number): Promise<Buffer>;
  /** A file's bytes, all of them or a range. */
  read(at: Located, range?: ByteRange): Promise<Readable>;
  /** The paths under an entry, itself first: a folder's files and folders at every depth. */
  tree(at: Located): Promise<string[]>;
}

const badPath = (field: string) => badRequest(T.badPath, [{ field, message: T.badPath }]);

export function segmentsOf(path: string): string[] {
  const parts = path.split('/').filter((p) => p !== '');
  if (parts.length > MEDIA.maxDepth + 1 || parts.some((p) => !MEDIA_NAME.test(p) || p === '.' || p === '..')) throw badPath('path');
  return parts;
}

/** Checks a container and a path in it (each segment against the name rule); the place the adapters are given. */
export function locate(container: string, path: string, ...names: string[]): Located {
  const [kind, id, ...extra] = container.split('/');
  if (kind !== 'articles' || !/^\d{1,9}$/.test(id ?? '') || extra.length) throw badPath('container');
  const parts = segmentsOf([path, ...names].join('/'));
  return { container: `articles/${id}`, rel: `/${parts.join('/')}` };
}

/**
 * The place of a file that belongs to one record (decisions 1050, 1093, 1100): a seller disclosure
 * (`disclosures/{listing id}`), a report's evidence (`evidence/{report id}`) or a citation's file
 * (`citations/{citation id}`), one file the server names. Never a container of the media manager: its calls take
 * `articles/{aorId}` only (`locate`), so no media token reaches these; each module serves its files to those who may
 * see the record.
 */
export function locateRecordFile(kind: 'disclosures' | 'evidence' | 'citations' | 'certificates', id: number, name: string): Located {
  if (!Number.isInteger(id) || id < 1 || !MEDIA_NAME.test(name) || name.startsWith('.')) throw badPath('path');
  return { container: `${kind}/${id}`, rel: `/${name}` };
}
export const locateDisclosure = (listingId: number, name: string) => locateRecordFile('disclosures', listingId, name);
export const locateEvidence = (reportId: number, name: string) => locateRecordFile('evidence', reportId, name);
export const locateCitationFile = (citationId: number, name: string) => locateRecordFile('citations', citationId, name);
/** A member's outside training certificate (`certificates/{member id}`, decision 1150). */
export const locateCertificateFile = (memberId: number, name: string) => locateRecordFile('certificates', memberId, name);

/** The path of a name in a folder of the container. */
export const childOf = (folder: string, name: string) => `${folder === '/' ? '' : folder}/${name}`;

/** A storage error's "not there" (a file gone between a look and a read): ENOENT on disk, NoSuchKey on S3. */
export function isMissing(error: unknown): boolean {
  const e = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.code === 'ENOENT' || e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
