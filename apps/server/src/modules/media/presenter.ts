import { MEDIA, type MediaDetails, type MediaEntry, type MediaFolder, mediaExtension } from '@portico/shared';
import type { FileLinks } from '../../lib/file-links';
import type { MediaStat } from './storage';

const join = (folder: string, name: string) => `${folder === '/' ? '' : folder}/${name}`;

/** Where members' browsers load a file: `/files/articles/{aorId}/path`, each segment URL-encoded. */
export function publicUrl(container: string, path: string): string {
  return `${MEDIA.publicPrefix}/${container}${path
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/')}`;
}

export function presentEntry(container: string, folder: string, name: string, info: MediaStat): MediaEntry {
  const path = join(folder, name);
  const isFile = info.kind === 'file';
  return {
    name,
    path,
    isFile,
    size: isFile ? info.size : 0,
    modifiedOn: info.modified.toISOString(),
    type: isFile ? mediaExtension(name) : '',
    url: isFile ? publicUrl(container, path) : null,
  };
}

/**
 * The media manager's answers with each file's address signed (decision 0821): the manager, the carousel field and the
 * body editor show a file at once, published or not; an article stores the address without its signature.
 */
export function withSignedUrls<T extends MediaFolder | MediaEntry | MediaDetails | null>(result: T, links: FileLinks): T {
  const sign = <E extends { url: string | null }>(e: E): E => (e.url ? { ...e, url: links.sign(e.url) } : e);
  if (!result) return result;
  if ('files' in result) return { ...result, cwd: sign(result.cwd), files: result.files.map(sign) };
  return sign(result as MediaEntry) as T;
}
