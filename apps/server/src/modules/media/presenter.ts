import type { Stats } from 'node:fs';
import { MEDIA, type MediaEntry, mediaExtension } from '@portico/shared';

const join = (folder: string, name: string) => `${folder === '/' ? '' : folder}/${name}`;

/** Where members' browsers load a file: `/files/articles/{aorId}/path`, each segment URL-encoded. */
export function publicUrl(container: string, path: string): string {
  return `${MEDIA.publicPrefix}/${container}${path
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/')}`;
}

export function presentEntry(container: string, folder: string, name: string, info: Stats): MediaEntry {
  const path = join(folder, name);
  const isFile = info.isFile();
  return {
    name,
    path,
    isFile,
    size: isFile ? info.size : 0,
    modifiedOn: info.mtime.toISOString(),
    type: isFile ? mediaExtension(name) : '',
    url: isFile ? publicUrl(container, path) : null,
  };
}
