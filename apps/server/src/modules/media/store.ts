import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MEDIA, MEDIA_NAME, MEDIA_MESSAGES as T } from '@portico/shared';
import { AppError, badRequest } from '../../lib/errors';

/**
 * The files of the media manager on local disk under `DATA_DIR/files` (decision 0821): one folder per container
 * (`articles/{aorId}`). Every path is checked twice: each segment against the name rule, then the resolved path
 * against the container's folder; symbolic links are never followed.
 */
export interface Located {
  /** Absolute path on disk. */
  abs: string;
  /** Path inside the container, starting with `/` (no trailing slash, '/' for the root). */
  rel: string;
  /** Absolute folder of the container. */
  root: string;
}

export function segmentsOf(path: string): string[] {
  const parts = path.split('/').filter((p) => p !== '');
  if (parts.length > MEDIA.maxDepth + 1 || parts.some((p) => !MEDIA_NAME.test(p) || p === '.' || p === '..')) {
    throw badRequest(T.badPath, [{ field: 'path', message: T.badPath }]);
  }
  return parts;
}

export function createStore(filesRoot: string) {
  const base = resolve(filesRoot);

  function locate(container: string, path: string, ...names: string[]): Located {
    const [kind, id, ...extra] = container.split('/');
    if (kind !== 'articles' || !/^\d{1,9}$/.test(id ?? '') || extra.length)
      throw badRequest(T.badPath, [{ field: 'container', message: T.badPath }]);
    const root = join(base, 'articles', id as string);
    const parts = segmentsOf([path, ...names].join('/'));
    const abs = resolve(root, ...parts);
    if (abs !== root && !abs.startsWith(root + sep)) throw badRequest(T.badPath, [{ field: 'path', message: T.badPath }]);
    return { abs, rel: `/${parts.join('/')}`, root };
  }

  /** The entry's stats, refusing links (a link could point out of the container); null when missing. */
  async function entry(at: Located) {
    const info = await lstat(at.abs).catch(() => null);
    if (info?.isSymbolicLink()) throw badRequest(T.badPath, [{ field: 'path', message: T.badPath }]);
    return info;
  }

  async function must(at: Located) {
    const info = await entry(at);
    if (!info) throw new AppError('NOT_FOUND', T.notFound);
    return info;
  }

  async function mustNotExist(at: Located) {
    if (await entry(at)) throw new AppError('CONFLICT', T.exists, [{ field: 'name', message: T.exists }]);
  }

  return {
    locate,
    entry,
    must,
    ensureContainer: async (container: string) => mkdir(locate(container, '/').root, { recursive: true }),
    list: async (at: Located) => {
      const info = await must(at);
      if (!info.isDirectory()) throw new AppError('NOT_FOUND', T.notFound);
      const names = (await readdir(at.abs)).filter((n) => MEDIA_NAME.test(n));
      const entries = await Promise.all(names.map(async (name) => ({ name, info: await lstat(join(at.abs, name)) })));
      return entries.filter((e) => e.info.isFile() || e.info.isDirectory());
    },
    makeFolder: async (at: Located) => {
      await mustNotExist(at);
      await mkdir(at.abs, { recursive: true });
    },
    rename: async (from: Located, to: Located) => {
      await must(from);
      await mustNotExist(to);
      await rename(from.abs, to.abs);
    },
    remove: async (at: Located) => {
      await must(at);
      await rm(at.abs, { recursive: true, force: true });
    },
    /** Writes a stream beside its final name, then moves it in place: a failed upload leaves nothing behind. */
    write: async (at: Located, source: NodeJS.ReadableStream) => {
      const temporary = `${at.abs}.upload-${process.pid}-${Date.now()}`;
      try {
        await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
        return temporary;
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    commit: (temporary: string, at: Located) => rename(temporary, at.abs),
    discard: (temporary: string) => rm(temporary, { force: true }),
    head: async (abs: string, bytes: number) => {
      const handle = await open(abs, 'r');
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    /** The paths in the container of an entry and, for a folder, of everything under it (links are not followed). */
    tree: async (at: Located): Promise<string[]> => {
      const info = await must(at);
      const paths = [at.rel];
      if (!info.isDirectory()) return paths;
      for (const entry of await readdir(at.abs, { recursive: true })) {
        paths.push(`${at.rel === '/' ? '' : at.rel}/${entry.split(sep).join('/')}`);
      }
      return paths;
    },
    read: (at: Located) => createReadStream(at.abs),
    stat: (abs: string) => stat(abs),
  };
}

export type MediaStore = ReturnType<typeof createStore>;
