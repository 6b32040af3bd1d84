import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A statement sent to the database: `q.query(`, `db.one<Row>(`, `queryPrepared(`. */
const SENDS_SQL = /\.(query|one|queryPrepared)\s*[<(]/;
const isRepository = (file: string) => /(^|\/|-)repository\.ts$/.test(file);
const isTest = (file: string) => /\.test\.ts$/.test(file);

/** Every module file, relative to `root`, that sends SQL and is neither a repository nor a test. */
export function filesSendingSql(root: string): string[] {
  const modules = join(root, 'apps/server/src/modules');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !isTest(entry.name) && !isRepository(entry.name)) {
        if (SENDS_SQL.test(readFileSync(path, 'utf8'))) found.push(relative(root, path));
      }
    }
  };
  walk(modules);
  return found.sort();
}
