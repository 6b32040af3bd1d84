import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '../..');

export interface BareServer {
  url: string;
  /** The process that answers (Node itself: no wrapper between), for its CPU time. */
  pid: number | undefined;
  close(): Promise<void>;
}

/**
 * The yardstick: a bare Fastify JSON route on the same machine and the same Node, in a separate tiny process
 * (bare-process.ts), never a route of the product nor an instance in the bench's own process. `wrapper`: a command
 * that runs Node, e.g. valgrind's (`profile:instructions`). Node runs the TypeScript file itself (it strips the types),
 * without tsx: under tsx's loader most of the yardstick's processes paid about 47,000 instructions a call more, in
 * the ticks of Node's HTTP server (decision 1199).
 */
export async function startBareServer(port: number, wrapper: string[] = []): Promise<BareServer> {
  const [command, ...args] = [...wrapper, process.execPath, join(HERE, 'bare-process.ts'), String(port)];
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [message] = (await Promise.race([once(child, 'message'), once(child, 'exit').then(() => ['exited'])])) as [unknown];
  if (message !== 'listening') throw new Error(`the bare Fastify process did not start (${String(message)})`);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Gives the bare process the answer of `callUrl` as the app sends it (its body and headers, less those Node writes
 * itself), for `/shaped` to answer: the floor of that answer (bare-process.ts).
 */
export async function shapeTheFloor(bareUrl: string, callUrl: string, token: string): Promise<void> {
  const answer = await fetch(callUrl, { headers: { authorization: `Bearer ${token}` } });
  const body = await answer.text();
  const own = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
  const headers = Object.fromEntries([...answer.headers].filter(([name]) => !own.has(name)));
  const shaped = await fetch(`${bareUrl}/shape`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ body, headers }),
  });
  if (!shaped.ok) throw new Error(`the bare process refused the answer's shape (${shaped.status})`);
}
