import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMissing, type Located, type MediaStorage } from './storage';

const at = (rel: string, container = 'articles/7'): Located => ({ container, rel });
const stream = (content: string) => Readable.from([Buffer.from(content)]);
const names = async (storage: MediaStorage, rel: string) => (await storage.list(at(rel))).map((e) => `${e.stat.kind}:${e.name}`).sort();

/**
 * What every media storage does, run against each adapter (decision 0976): the disk on a temporary folder, S3 on a
 * real S3-compatible server. Only for tests.
 */
export function storageBehaviour(name: string, open: () => Promise<{ storage: MediaStorage; close: () => Promise<void> }>) {
  describe(`media storage: ${name}`, () => {
    let storage: MediaStorage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await open());
      await storage.ensureContainer('articles/7');
      await storage.ensureContainer('articles/8');
    });
    afterAll(async () => close());

    it('has an empty container root and nothing else', async () => {
      expect(await storage.stat(at('/'))).toMatchObject({ kind: 'folder', size: 0 });
      expect(await storage.list(at('/'))).toEqual([]);
      expect(await storage.stat(at('/nothing.png'))).toBeNull();
      await storage.ensureContainer('articles/7');
      expect(await storage.list(at('/'))).toEqual([]);
    });

    it('makes folders that exist while empty, nested too', async () => {
      await storage.makeFolder(at('/empty'));
      await storage.makeFolder(at('/deep/er'));
      expect(await storage.stat(at('/empty'))).toMatchObject({ kind: 'folder', size: 0, modified: expect.any(Date) });
      expect(await names(storage, '/')).toEqual(['folder:deep', 'folder:empty']);
      expect(await names(storage, '/deep')).toEqual(['folder:er']);
      expect(await storage.list(at('/empty'))).toEqual([]);
    });

    it('shows an upload only once committed, with its size, head, bytes and ranges', async () => {
      const staged = await storage.write(at('/empty/Harbor View.txt'), stream('hello, harbor'));
      expect((await staged.head(5)).toString()).toBe('hello');
      expect(await storage.stat(at('/empty/Harbor View.txt'))).toBeNull();
      expect(await storage.list(at('/empty'))).toEqual([]);
      await staged.commit();
      expect(await storage.stat(at('/empty/Harbor View.txt'))).toMatchObject({ kind: 'file', size: 13 });
      expect(await storage.list(at('/empty'))).toEqual([
        { name: 'Harbor View.txt', stat: expect.objectContaining({ kind: 'file', size: 13 }) },
      ]);
      expect((await storage.head(at('/empty/Harbor View.txt'), 5)).toString()).toBe('hello');
      expect((await storage.head(at('/empty/Harbor View.txt'), 100)).toString()).toBe('hello, harbor');
      expect(await text(await storage.read(at('/empty/Harbor View.txt')))).toBe('hello, harbor');
      expect(await text(await storage.read(at('/empty/Harbor View.txt'), { start: 7, end: 12 }))).toBe('harbor');
      // The same path in another container is another file.
      expect(await storage.stat(at('/empty/Harbor View.txt', 'articles/8'))).toBeNull();
    });

    it('leaves nothing of a discarded or a broken upload', async () => {
      const staged = await storage.write(at('/dropped.txt'), stream('dropped'));
      await staged.discard();
      const broken = new Readable({
        read() {
          this.push('half');
          this.destroy(new Error('connection reset'));
        },
      });
      await expect(storage.write(at('/broken.txt'), broken)).rejects.toThrow('connection reset');
      expect(await names(storage, '/')).toEqual(['folder:deep', 'folder:empty']);
      await expect(storage.read(at('/dropped.txt'))).rejects.toSatisfy(isMissing);
    });

    it('renames a file, and a folder with everything under it', async () => {
      await storage.rename(at('/empty/Harbor View.txt'), at('/empty/renamed.txt'));
      expect(await names(storage, '/empty')).toEqual(['file:renamed.txt']);
      expect(await text(await storage.read(at('/empty/renamed.txt')))).toBe('hello, harbor');
      await (await storage.write(at('/deep/er/inner.txt'), stream('inner'))).commit();
      await storage.rename(at('/deep'), at('/moved'));
      expect(await storage.stat(at('/deep'))).toBeNull();
      expect(await names(storage, '/')).toEqual(['folder:empty', 'folder:moved']);
      expect(await names(storage, '/moved/er')).toEqual(['file:inner.txt']);
      expect(await text(await storage.read(at('/moved/er/inner.txt')))).toBe('inner');
    });

    it('gives the tree of an entry: itself first, then everything under it', async () => {
      await storage.makeFolder(at('/moved/blank'));
      expect(await storage.tree(at('/empty/renamed.txt'))).toEqual(['/empty/renamed.txt']);
      const tree = await storage.tree(at('/moved'));
      expect(tree[0]).toBe('/moved');
      expect([...tree].sort()).toEqual(['/moved', '/moved/blank', '/moved/er', '/moved/er/inner.txt']);
      expect([...(await storage.tree(at('/')))].sort()).toEqual([
        '/',
        '/empty',
        '/empty/renamed.txt',
        '/moved',
        '/moved/blank',
        '/moved/er',
        '/moved/er/inner.txt',
      ]);
    });

    it('removes a file, and a folder with everything under it', async () => {
      await storage.remove(at('/empty/renamed.txt'));
      expect(await storage.stat(at('/empty/renamed.txt'))).toBeNull();
      expect(await storage.stat(at('/empty'))).toMatchObject({ kind: 'folder' });
      await storage.remove(at('/moved'));
      expect(await storage.stat(at('/moved'))).toBeNull();
      expect(await storage.stat(at('/moved/er/inner.txt'))).toBeNull();
      expect(await names(storage, '/')).toEqual(['folder:empty']);
    });
  });
}
