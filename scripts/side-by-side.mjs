// Runs commands at the same time, each line of theirs printed as it comes behind `[name]` (the journeys' two database
// passes, and the API tests beside the production checks in `npm test`, decision 1174). Used as a module
// (`runPrefixed`) or from the command line: `node scripts/side-by-side.mjs api -- node scripts/test-api.mjs ::
// prod -- npm run test:prod` runs both to their end and exits 0 only when every one passed.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

/** One command whose lines go to standard output behind `[name]`. Resolves to its exit status. */
export function runPrefixed(name, command, args, options = {}) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.log(`[${name}] could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** `name -- command args... :: name -- command args...` into `[{ name, command, args }]`. */
export function parseCommands(argv) {
  const groups = [[]];
  for (const arg of argv) {
    if (arg === '::') groups.push([]);
    else groups.at(-1).push(arg);
  }
  return groups.map((group) => {
    const [name, dashes, command, ...args] = group;
    if (!name || dashes !== '--' || !command) throw new Error(`expected "name -- command [args...]", got "${group.join(' ')}"`);
    return { name, command, args };
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const commands = parseCommands(process.argv.slice(2));
  const started = Date.now();
  const statuses = await Promise.all(
    commands.map(async ({ name, command, args }) => {
      const status = await runPrefixed(name, command, args);
      console.log(`[${name}] ended with status ${status} after ${Math.round((Date.now() - started) / 1000)} s`);
      return status;
    }),
  );
  process.exit(statuses.every((status) => status === 0) ? 0 : 1);
}
