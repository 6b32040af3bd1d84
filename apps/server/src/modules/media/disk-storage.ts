import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MEDIA_NAME, MEDIA_MESSAGES as T } from '@portico/shared';
import { badRequest } from '../../lib/errors';
import { childOf, type Located, type MediaStat, type MediaStorage } from './storage';

const badPath = () => badRequest(T.badPath, [{ field: 'path', message: T.badPath }]);

async function headOf(abs: string, bytes: number): Promise<Buffer> {
  const handle = await open(abs, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Media on local disk under `DATA_DIR/files` (decision 0821): one folder per container (`articles/{aorId}`). Besides
 * the name rule every place passed, the resolved path must stay in the container's folder, and symbolic links are
 * never followed (a link could point out of the container).
 */
export function diskStorage(filesRoot: string): MediaStorage {
  const base = resolve(filesRoot);

  function pathOf(at: Located) {
    const root = join(base, at.container);
    const abs = resolve(root, `.${at.rel}`);
    if (abs !== root && !abs.startsWith(root + sep)) throw badPath();
    return abs;
  }

  const statOf = (info: Awaited<ReturnType<typeof lstat>>): MediaStat => ({
    kind: info.isDirectory() ? 'folder' : 'file',
    size: info.isDirectory() ? 0 : Number(info.size),
    modified: info.mtime,
    created: info.birthtime,
  });

  return {
    ensureContainer: async (container) => {
      await mkdir(join(base, container), { recursive: true });
    },
    stat: async (at) => {
      const info = await lstat(pathOf(at)).catch(() => null);
      if (!info) return null;
      if (info.isSymbolicLink()) throw badPath();
      return info.isFile() || info.isDirectory() ? statOf(info) : null;
    },
    list: async (folder) => {
      const abs = pathOf(folder);
      const names = (await readdir(abs)).filter((n) => MEDIA_NAME.test(n));
      const entries = await Promise.all(names.map(async (name) => ({ name, info: await lstat(join(abs, name)) })));
      return entries.filter((e) => e.info.isFile() || e.info.isDirectory()).map((e) => ({ name: e.name, stat: statOf(e.info) }));
    },
    makeFolder: async (at) => {
      await mkdir(pathOf(at), { recursive: true });
    },
    rename: (from, to) => rename(pathOf(from), pathOf(to)),
    remove: (at) => rm(pathOf(at), { recursive: true, force: true }),
    /** Writes beside its final name under a hidden one, then moves it in place. */
    write: async (at, source) => {
      const abs = pathOf(at);
      // A leading dot breaks the name rule: the file is never listed nor reachable by a member until it is moved in.
      const temporary = join(dirname(abs), `.upload-${process.pid}-${Date.now()}-${basename(abs)}`);
      try {
        await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return {
        head: (bytes) => headOf(temporary, bytes),
        commit: () => rename(temporary, abs),
        discard: () => rm(temporary, { force: true }),
      };
    },
    head: (at, bytes) => headOf(pathOf(at), bytes),
    read: async (at, range) => {
      const stream = createReadStream(pathOf(at), range ? { start: range.start, end: range.end } : {});
      // Opened before it is handed on, so a file gone since its look answers as missing, not as a broken response.
      await new Promise<void>((ok, fail) => stream.once('open', () => ok()).once('error', fail));
      return stream;
    },
    /** Links are listed, never followed. */
    tree: async (at) => {
      const abs = pathOf(at);
      const paths = [at.rel];
      if (!(await lstat(abs)).isDirectory()) return paths;
      for (const entry of await readdir(abs, { recursive: true })) paths.push(childOf(at.rel, entry.split(sep).join('/')));
      return paths;
    },
  };
}
