// `npm run build`: the web app (Vite, then precompress) and the server (scripts/build-server.mjs), then the stamp
// that tells scripts/start.mjs this tree is built. Nothing is built when the server starts.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { ROOT, STAMP_FILE, treeHash } from './build-stamp.mjs';

const run = (command, args) => {
  const { status } = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
};
const hash = treeHash();
run('npm', ['run', 'build', '-w', '@portico/web']);
run(process.execPath, ['scripts/build-server.mjs']);
writeFileSync(STAMP_FILE, `${hash}\n`);
