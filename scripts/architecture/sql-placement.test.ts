import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesSendingSql } from './sql-placement';

const root = resolve(import.meta.dirname, '../..');

describe('SQL lives in repositories (docs/architecture.md)', () => {
  it('no module file other than a repository sends SQL', () => {
    expect(filesSendingSql(root), 'send SQL outside a repository: move it into repository.ts').toEqual([]);
  });

  it('finds a statement in a service and leaves repositories and tests alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sql-placement-'));
    try {
      const file = (path: string, text: string) => {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      };
      file('apps/server/src/modules/x/service.ts', "await q.one<{ n: number }>('SELECT 1 AS n');");
      file('apps/server/src/modules/x/jobs.ts', 'const rows = await db.query(`SELECT id FROM t`);');
      file('apps/server/src/modules/x/repository.ts', "await q.query('SELECT 1');");
      file('apps/server/src/modules/x/import-repository.ts', "await q.queryPrepared('SELECT 1');");
      file('apps/server/src/modules/x/x.test.ts', "await ctx.db.query('SELECT 1');");
      file('apps/server/src/modules/x/routes.ts', 'const page = await runQuery(q, SPEC, query);');
      expect(filesSendingSql(dir)).toEqual(['apps/server/src/modules/x/jobs.ts', 'apps/server/src/modules/x/service.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
