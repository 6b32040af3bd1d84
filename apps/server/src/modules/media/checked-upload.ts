import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import type { Located, MediaStorage } from './storage';

/** Enough of a file's first bytes for every signature `file-type` reads (its own `minimumBytes`). */
const HEAD_BYTES = 4100;

/** A file kept through the media storage after its checks: where, its type by content, its size. */
export interface CheckedFile {
  at: Located;
  contentType: string;
  size: number;
}

/** What a caller accepts and says: the allowed types by content, and the errors to throw. */
export interface UploadRules {
  accepts(mime: string | undefined): boolean;
  wrongType(): Error;
  tooLarge(): Error;
}

/**
 * Writes one uploaded file aside through the media storage (disk or S3, decision 0976), reads its type from its first
 * bytes (never from its name) and keeps it only when the caller accepts that type and the upload was not cut at its
 * size limit. A refused or failed file leaves nothing behind. The caller records it, and removes it with
 * `removeQuietly` if its own transaction fails.
 */
export async function keepCheckedUpload(storage: MediaStorage, at: Located, part: MultipartFile, rules: UploadRules): Promise<CheckedFile> {
  await storage.ensureContainer(at.container);
  const staged = await storage.write(at, part.file);
  try {
    if (part.file.truncated) throw rules.tooLarge();
    const head = await staged.head(HEAD_BYTES);
    const type = head.length ? await fileTypeFromBuffer(head) : undefined;
    if (!rules.accepts(type?.mime) || !type) throw rules.wrongType();
    await staged.commit();
    return { at, contentType: type.mime, size: (await storage.stat(at))?.size ?? 0 };
  } catch (error) {
    await staged.discard();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw rules.tooLarge();
    throw error;
  }
}

/** Removes files kept before a later step failed; a file already gone is no error. */
export async function removeQuietly(storage: MediaStorage, files: Array<Pick<CheckedFile, 'at'>>): Promise<void> {
  await Promise.all(files.map((f) => storage.remove(f.at).catch(() => undefined)));
}

/** The member's file name, kept for the download: its last segment, plain characters, the content's extension. */
export function keptFileName(given: string | undefined, extension: string, fallback: string, maxLength: number): string {
  const last = (given ?? '').split(/[\\/]/).pop() ?? '';
  const stem = last
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9 _()-]+/g, '-')
    .replace(/^[-\s]+|[-\s]+$/g, '')
    .slice(0, maxLength);
  return `${stem || fallback}.${extension}`;
}
