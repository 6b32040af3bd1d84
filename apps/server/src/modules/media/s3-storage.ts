import { createWriteStream } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { MEDIA_NAME } from '@portico/shared';
import { childOf, isMissing, type Located, type MediaStat, type MediaStorage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
}

/** The client of the configured bucket; credentials come from the standard AWS variables, files and roles. */
export function s3Client(options: S3StorageOptions): S3Client {
  return new S3Client({ region: options.region, endpoint: options.endpoint, forcePathStyle: options.forcePathStyle });
}

/** A key in a CopySource: each segment URL-encoded, the slashes kept. */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Media in an S3-compatible bucket (decision 0976). A file of `articles/7` at `/carousel/a.png` is the object
 * `articles/7/carousel/a.png`; a folder is the key prefix `articles/7/carousel/` with a zero-byte marker object of that
 * name, so an empty folder exists too. Renames copy then delete; uploads are buffered to a temporary file and put
 * whole only once accepted, so a refused or broken upload never shows in the bucket.
 */
export function s3Storage(client: S3Client, bucket: string): MediaStorage {
  const keyOf = (at: Located) => `${at.container}${at.rel === '/' ? '' : at.rel}`;
  const prefixOf = (at: Located) => `${keyOf(at)}/`;

  async function headObject(key: string) {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date() };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Every page of a listing; with a delimiter, folders come as common prefixes. */
  async function* listing(prefix: string, delimiter?: string, maxKeys?: number) {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, Delimiter: delimiter, ContinuationToken: token, MaxKeys: maxKeys }),
      );
      yield page;
      token = maxKeys ? undefined : page.NextContinuationToken;
    } while (token);
  }

  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const page of listing(prefix)) for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
    return keys;
  }

  const deleteKeys = async (keys: string[]) => {
    for (const batch of chunks(keys, 1000)) {
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    }
  };

  const put = (key: string, body: Buffer) => client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
  const folderStat = (modified: Date): MediaStat => ({ kind: 'folder', size: 0, modified, created: modified });

  async function stat(at: Located): Promise<MediaStat | null> {
    if (at.rel !== '/') {
      const file = await headObject(keyOf(at));
      if (file) return { kind: 'file', size: file.size, modified: file.modified, created: file.modified };
    }
    const marker = await headObject(prefixOf(at));
    if (marker) return folderStat(marker.modified);
    // A folder whose marker is missing (written by another tool) still holds objects.
    for await (const page of listing(prefixOf(at), undefined, 1)) {
      const first = page.Contents?.[0];
      if (first) return folderStat(first.LastModified ?? new Date());
    }
    return null;
  }

  return {
    stat,
    ensureContainer: async (container) => {
      if (!(await headObject(`${container}/`))) await put(`${container}/`, Buffer.alloc(0));
    },
    list: async (folder) => {
      const prefix = prefixOf(folder);
      const files: Array<{ name: string; stat: MediaStat }> = [];
      const folders: string[] = [];
      for await (const page of listing(prefix, '/')) {
        for (const o of page.Contents ?? []) {
          const name = (o.Key ?? '').slice(prefix.length);
          if (!MEDIA_NAME.test(name)) continue;
          const modified = o.LastModified ?? new Date();
          files.push({ name, stat: { kind: 'file', size: o.Size ?? 0, modified, created: modified } });
        }
        for (const p of page.CommonPrefixes ?? []) folders.push((p.Prefix ?? '').slice(prefix.length, -1));
      }
      const named = folders.filter((name) => MEDIA_NAME.test(name));
      const markers = await Promise.all(named.map((name) => headObject(`${prefix}${name}/`)));
      return [...named.map((name, i) => ({ name, stat: folderStat(markers[i]?.modified ?? new Date()) })), ...files];
    },
    /** Like `mkdir -p`: a marker for the folder and for each one above it that has none. */
    makeFolder: async (at) => {
      const parts = at.rel.split('/').filter(Boolean);
      for (let i = 1; i <= parts.length; i++) {
        const marker = `${at.container}/${parts.slice(0, i).join('/')}/`;
        if (i === parts.length || !(await headObject(marker))) await put(marker, Buffer.alloc(0));
      }
    },
    rename: async (from, to) => {
      const info = await stat(from);
      const moves: Array<[string, string]> =
        info?.kind === 'file'
          ? [[keyOf(from), keyOf(to)]]
          : (await keysUnder(prefixOf(from))).map((key) => [key, `${prefixOf(to)}${key.slice(prefixOf(from).length)}`]);
      // One copy after the other: some compatible servers fail parallel writes under one prefix.
      for (const [source, target] of moves) {
        await client.send(new CopyObjectCommand({ Bucket: bucket, Key: target, CopySource: `${bucket}/${encodeKey(source)}` }));
      }
      await deleteKeys(moves.map(([source]) => source));
    },
    remove: async (at) => {
      const info = await stat(at);
      if (info?.kind === 'file') await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(at) }));
      else await deleteKeys(await keysUnder(prefixOf(at)));
    },
    write: async (at, source) => {
      const dir = await mkdtemp(join(tmpdir(), 'portico-upload-'));
      const temporary = join(dir, 'upload');
      const discard = () => rm(dir, { recursive: true, force: true });
      try {
        await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
      } catch (error) {
        await discard();
        throw error;
      }
      return {
        head: async (bytes) => {
          const handle = await open(temporary, 'r');
          try {
            const buffer = Buffer.alloc(bytes);
            return buffer.subarray(0, (await handle.read(buffer, 0, bytes, 0)).bytesRead);
          } finally {
            await handle.close();
          }
        },
        commit: async () => {
          await put(keyOf(at), await readFile(temporary));
          await discard();
        },
        discard,
      };
    },
    head: async (at, bytes) => {
      const info = await headObject(keyOf(at));
      if (!info?.size) return Buffer.alloc(0);
      const range = `bytes=0-${Math.min(bytes, info.size) - 1}`;
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(at), Range: range }));
      return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    },
    read: async (at, range) => {
      const object = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: keyOf(at), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return object.Body as Readable;
    },
    tree: async (at) => {
      const info = await stat(at);
      const paths = new Set([at.rel]);
      if (info?.kind !== 'folder') return [...paths];
      const prefix = prefixOf(at);
      for (const key of await keysUnder(prefix)) {
        const parts = key.slice(prefix.length).split('/').filter(Boolean);
        // Each folder on the way counts too, marker or not.
        for (let i = 1; i <= parts.length; i++) paths.add(childOf(at.rel, parts.slice(0, i).join('/')));
      }
      return [...paths];
    },
  };
}
