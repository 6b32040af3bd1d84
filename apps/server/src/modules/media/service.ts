import { basename, dirname } from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import {
  ALLOWED_MEDIA_EXTENSIONS,
  type FileOperation,
  isImageFile,
  MEDIA,
  type MediaDetails,
  type MediaEntry,
  type MediaFolder,
  mediaExtension,
  mediaNameSchema,
  MEDIA_MESSAGES as T,
  type Viewer,
} from '@portico/shared';
import type { Db } from '../../db/index';
import { AppError, badRequest } from '../../lib/errors';
import { imageSize, looksLikeImage } from './image-size';
import { mustMayChange } from './policy';
import { presentEntry } from './presenter';
import { forgetEntries, moveEntries, recordEntry } from './repository';
import type { StagedUpload } from './storage';
import type { Located, MediaStore } from './store';

const typeError = (field: string) => badRequest(T.typeNotAllowed, [{ field, message: T.typeNotAllowed }]);
const allowedFile = (name: string) => ALLOWED_MEDIA_EXTENSIONS.includes(mediaExtension(name));
const folderOf = (rel: string) => (dirname(rel) === '.' ? '/' : dirname(rel));

async function entryOf(store: MediaStore, container: string, at: Located): Promise<MediaEntry> {
  const info = await store.must(at);
  return presentEntry(container, folderOf(at.rel), at.rel === '/' ? '' : basename(at.rel), info);
}

async function readFolder(store: MediaStore, container: string, path: string): Promise<MediaFolder> {
  const at = store.locate(container, path);
  const entries = await store.list(at);
  const files = entries
    .map((e) => presentEntry(container, at.rel, e.name, e.stat))
    .sort((a, b) => Number(a.isFile) - Number(b.isFile) || a.name.localeCompare(b.name));
  return { cwd: await entryOf(store, container, at), files };
}

/** Who acts on the files, and where their records are kept. */
export interface MediaActor {
  db: Db;
  viewer: Viewer;
}

/**
 * `POST api/app/FileOperations`: read, create (folder), rename, delete and details, inside one container. A rename or
 * delete is checked first against who made the entries (decision 0821); nothing moves when any one is refused.
 */
export async function fileOperation(
  store: MediaStore,
  actor: MediaActor,
  op: FileOperation & { path: string },
): Promise<MediaFolder | MediaEntry | MediaDetails | null> {
  const { container, path } = op;
  const { db, viewer } = actor;
  switch (op.action) {
    case 'read':
      return readFolder(store, container, path);
    case 'create': {
      const at = store.locate(container, path, op.name);
      await store.makeFolder(at);
      await recordEntry(db, container, at.rel, viewer.memberId);
      return entryOf(store, container, at);
    }
    case 'rename': {
      const from = store.locate(container, path, op.name);
      const to = store.locate(container, path, op.newName);
      const info = await store.must(from);
      if (info.kind === 'file' && !allowedFile(op.newName)) throw typeError('newName');
      await mustMayChange(db, viewer, container, await store.tree(from));
      await store.rename(from, to);
      await moveEntries(db, container, from.rel, to.rel);
      return entryOf(store, container, to);
    }
    case 'delete': {
      const targets = op.names.map((name) => store.locate(container, path, name));
      const paths = (await Promise.all(targets.map((at) => store.tree(at)))).flat();
      await mustMayChange(db, viewer, container, paths);
      for (const at of targets) {
        await store.remove(at);
        await forgetEntries(db, container, at.rel);
      }
      return null;
    }
    case 'details': {
      const at = store.locate(container, path, op.name);
      const info = await store.must(at);
      const entry = presentEntry(container, at.rel === '/' ? '/' : folderOf(at.rel), op.name, info);
      const size = info.kind === 'file' && isImageFile(op.name) ? imageSize(await store.head(at, 65_536)) : null;
      return {
        ...entry,
        location: `${container}${at.rel}`,
        created: info.created.toISOString(),
        width: size?.width ?? null,
        height: size?.height ?? null,
      };
    }
  }
}

/**
 * `POST api/app/FileUpload`: each file is checked by name, extension and size, images also by their first bytes,
 * and written under a temporary name first, so that a refused or broken upload leaves nothing.
 */
export async function uploadFiles(
  store: MediaStore,
  actor: MediaActor,
  container: string,
  path: string,
  parts: AsyncIterableIterator<MultipartFile>,
): Promise<MediaEntry[]> {
  const folder = store.locate(container, path);
  const info = await store.must(folder);
  if (info.kind !== 'folder') throw new AppError('NOT_FOUND', T.notFound);
  const written: Array<{ staged: StagedUpload; at: Located }> = [];
  try {
    for await (const part of parts) {
      const name = mediaNameSchema.safeParse(part.filename);
      if (!name.success) throw badRequest(T.badName, [{ field: 'uploadFiles', message: T.badName }]);
      if (!allowedFile(name.data)) throw typeError('uploadFiles');
      const at = store.locate(container, path, name.data);
      if (await store.entry(at)) throw new AppError('CONFLICT', T.exists, [{ field: 'uploadFiles', message: T.exists }]);
      const staged = await store.write(at, part.file);
      written.push({ staged, at });
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', T.tooLarge, [{ field: 'uploadFiles', message: T.tooLarge }]);
      if (!looksLikeImage(mediaExtension(name.data), await staged.head(16))) throw typeError('uploadFiles');
    }
    if (!written.length) throw badRequest(T.typeNotAllowed, [{ field: 'uploadFiles', message: 'Choose a file to upload.' }]);
    for (const { staged, at } of written) {
      await staged.commit();
      await recordEntry(actor.db, container, at.rel, actor.viewer.memberId);
    }
  } catch (error) {
    for (const { staged } of written) await staged.discard();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', T.tooLarge, [{ field: 'uploadFiles', message: T.tooLarge }]);
    }
    throw error;
  }
  return Promise.all(written.map(({ at }) => entryOf(store, container, at)));
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
};

/** A file to send: only files of the allowed types, never a folder. */
export async function fileToSend(store: MediaStore, container: string, path: string, imagesOnly: boolean) {
  const at = store.locate(container, path);
  const info = await store.entry(at);
  const name = basename(at.rel);
  if (info?.kind !== 'file' || !allowedFile(name) || (imagesOnly && !isImageFile(name))) throw new AppError('NOT_FOUND', T.notFound);
  return {
    at,
    name,
    size: info.size,
    contentType: CONTENT_TYPES[mediaExtension(name)] ?? 'application/octet-stream',
    isImage: isImageFile(name),
  };
}

export const MAX_UPLOAD = { fileSize: MEDIA.maxUploadBytes, files: MEDIA.maxFilesPerUpload, fields: 10, parts: 20, fieldSize: 1000 };
