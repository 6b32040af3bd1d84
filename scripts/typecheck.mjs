// Type-checks every TypeScript project of the repository, as many at once as the machine has cores: tsc checks on one
// thread, and the six projects one after the other were a minute of CI's two cores (decision 1170). A project's errors
// are printed whole, under its name, when it ends; the exit status is 1 when any project has errors.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

// The largest first, so that the last one to start is a small one.
const PROJECTS = ['apps/server', 'apps/web', 'bench', 'packages/shared', 'e2e', 'scripts/architecture'];

function check(project) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project, '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`tsc -p ${project}: ${code === 0 ? 'no errors' : 'ERRORS'} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const lanes = Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
  let ok = true;
  for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
  return ok;
});
process.exit((await Promise.all(lanes)).every(Boolean) ? 0 : 1);
