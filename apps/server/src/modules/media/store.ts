import { MEDIA_MESSAGES as T } from '@portico/shared';
import { AppError } from '../../lib/errors';
import { type ByteRange, isMissing, type Located, locate, type MediaStat, type MediaStorage } from './storage';

export type { Located, MediaStat } from './storage';
export { segmentsOf } from './storage';

/**
 * The media manager's files (decision 0821) over whichever storage is configured (decision 0976): the checks and the
 * members' messages live here once, the adapters only keep bytes.
 */
export function createStore(storage: MediaStorage) {
  async function must(at: Located): Promise<MediaStat> {
    const info = await storage.stat(at);
    if (!info) throw new AppError('NOT_FOUND', T.notFound);
    return info;
  }

  async function mustNotExist(at: Located, field = 'name') {
    if (await storage.stat(at)) throw new AppError('CONFLICT', T.exists, [{ field, message: T.exists }]);
  }

  return {
    locate,
    entry: (at: Located) => storage.stat(at),
    must,
    mustNotExist,
    ensureContainer: (container: string) => storage.ensureContainer(locate(container, '/').container),
    list: async (at: Located) => {
      const info = await must(at);
      if (info.kind !== 'folder') throw new AppError('NOT_FOUND', T.notFound);
      return storage.list(at);
    },
    makeFolder: async (at: Located) => {
      await mustNotExist(at);
      await storage.makeFolder(at);
    },
    rename: async (from: Located, to: Located) => {
      await must(from);
      await mustNotExist(to);
      await storage.rename(from, to);
    },
    remove: async (at: Located) => {
      await must(at);
      await storage.remove(at);
    },
    /** Writes an upload aside: it shows at `at` only once committed, and a failed upload leaves nothing behind. */
    write: (at: Located, source: NodeJS.ReadableStream) => storage.write(at, source),
    head: (at: Located, bytes: number) => storage.head(at, bytes),
    /** The paths in the container of an entry and, for a folder, of everything under it. */
    tree: async (at: Located) => {
      await must(at);
      return storage.tree(at);
    },
    read: async (at: Located, range?: ByteRange) => {
      try {
        return await storage.read(at, range);
      } catch (error) {
        if (isMissing(error)) throw new AppError('NOT_FOUND', T.notFound);
        throw error;
      }
    },
  };
}

export type MediaStore = ReturnType<typeof createStore>;
